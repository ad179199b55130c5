import { BcsError, equalBytes, fromHex, isBcsError, toHex } from '../bcs/index.js';
import { rawTransactionWithData, transactionCodecs, type JsonValue } from '../transactions/index.js';
import {
  encodeSubmission,
  encodeSubmissionAsync,
  type EncodeSubmissionAsyncOptions,
  type EncodeSubmissionOptions,
  type EncodeSubmissionResult,
} from './encode-submission.js';

// A signing message someone else produced (a node's encode_submission answer), checked against the
// request it claims to encode: encode the request here, compare bytes, and on a mismatch decode both
// and name every field that differs. A client must never sign bytes it cannot explain.

export interface SigningMessageDifference {
  /** Path into the transaction's JSON-safe form, e.g. `rawTxn.payload.value.args[1]`, or `prefix`, `message`. */
  field: string;
  expected: JsonValue;
  actual: JsonValue;
}

export type SigningMessageCheck =
  | { ok: true; signingMessage: Uint8Array }
  | { ok: false; expected: EncodeSubmissionResult; differences: SigningMessageDifference[] };

export interface VerifyOptions extends Omit<EncodeSubmissionOptions, 'chainId'> {
  /** The chain the message must be for; without it, the chain id found in `message` is taken on trust. */
  chainId?: number;
}

const PREFIX = 32;

function bytesOf(message: Uint8Array | string): Uint8Array {
  if (typeof message === 'string') return fromHex(message);
  if (message instanceof Uint8Array) return message;
  throw new BcsError('invalid_type', 'the signing message must be a Uint8Array or a hex string');
}

// The chain id is the transaction's last byte in both envelopes only for single signers; read it
// from the decoded form instead.
function chainIdIn(message: Uint8Array, multiAgent: boolean): number | undefined {
  try {
    const body = message.subarray(PREFIX);
    return multiAgent ? rawTransactionWithData.decode(body).value.rawTxn.chainId : transactionCodecs().RawTransaction.schema.decode(body).chainId;
  } catch {
    return undefined;
  }
}

function decodeJson(message: Uint8Array, multiAgent: boolean): JsonValue | string {
  const c = transactionCodecs();
  try {
    const body = message.subarray(PREFIX);
    return multiAgent ? c.RawTransactionWithData.toJson(c.RawTransactionWithData.schema.decode(body)) : { rawTxn: c.RawTransaction.toJson(c.RawTransaction.schema.decode(body)) };
  } catch (e) {
    return `undecodable: ${isBcsError(e) ? e.message : String(e)}`;
  }
}

function diff(path: string, a: JsonValue | undefined, b: JsonValue | undefined, out: SigningMessageDifference[]): void {
  if (out.length >= 64) return;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a) && Array.isArray(b)) {
      if (a.length !== b.length) out.push({ field: `${path}.length`, expected: a.length, actual: b.length });
      for (let i = 0; i < Math.min(a.length, b.length); i++) diff(`${path}[${i}]`, a[i], b[i], out);
      return;
    }
    const ao = a as Record<string, JsonValue>;
    const bo = b as Record<string, JsonValue>;
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) diff(path ? `${path}.${k}` : k, ao[k], bo[k], out);
    return;
  }
  if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ field: path, expected: a ?? null, actual: b ?? null });
}

function compare(expected: EncodeSubmissionResult, actual: Uint8Array): SigningMessageCheck {
  const e = expected.signingMessage;
  if (equalBytes(e, actual)) return { ok: true, signingMessage: actual };
  const differences: SigningMessageDifference[] = [];
  const multiAgent = expected.secondarySigners !== undefined;
  if (actual.length < PREFIX || !equalBytes(e.subarray(0, PREFIX), actual.subarray(0, PREFIX))) {
    differences.push({ field: 'prefix', expected: toHex(e.subarray(0, PREFIX)), actual: toHex(actual.subarray(0, PREFIX)) });
  }
  const a = decodeJson(actual, multiAgent);
  if (typeof a === 'string') differences.push({ field: 'message', expected: expected.hex, actual: a });
  else diff('', decodeJson(e, multiAgent) as JsonValue, a, differences);
  if (differences.length === 0) differences.push({ field: 'message', expected: expected.hex, actual: toHex(actual) });
  return { ok: false, expected, differences };
}

/** Checks `message` (bytes or `0x` hex) against what `request` encodes to; synchronous ABIs only. */
export function verifySigningMessage(request: unknown, message: Uint8Array | string, options: VerifyOptions = {}): SigningMessageCheck {
  const actual = bytesOf(message);
  const chainId = options.chainId ?? chainIdIn(actual, hasSecondarySigners(request)) ?? 0;
  return compare(encodeSubmission(request, { ...options, chainId }), actual);
}

/** `verifySigningMessage` with ABIs resolved asynchronously, as `encodeSubmissionAsync` does. */
export async function verifySigningMessageAsync(
  request: unknown,
  message: Uint8Array | string,
  options: Omit<EncodeSubmissionAsyncOptions, 'chainId'> & { chainId?: number } = {},
): Promise<SigningMessageCheck> {
  const actual = bytesOf(message);
  const chainId = options.chainId ?? chainIdIn(actual, hasSecondarySigners(request)) ?? 0;
  return compare(await encodeSubmissionAsync(request, { ...options, chainId }), actual);
}

function hasSecondarySigners(request: unknown): boolean {
  const v = typeof request === 'object' && request !== null ? (request as Record<string, unknown>).secondary_signers : undefined;
  return v !== undefined && v !== null;
}
