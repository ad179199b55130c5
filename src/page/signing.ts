import { formatAddress, isBcsError, isUsageError } from '../bcs/index.js';
import { isApiError } from '../records/index.js';
import { isSigningError, signSubmission, type Ed25519Signer } from '../signing/index.js';
import {
  abiRegistry,
  encodeSubmission,
  parseRequestBody,
  requestFromBytes,
  type AbiRegistry,
  type SubmissionRequestJson,
} from '../submission/index.js';

// What the offline signing page does, without the DOM: the request text read as the node reads a
// body (parseRequestBody), encoded and signed by the library `ledger-bcs sign` runs, so the page's
// bytes and its refusals are the command's. Failures become one `PageFailure` to show.

/** A failure as the page shows it: a one-line title, the message, and the node's error body if any. */
export interface PageFailure {
  title: string;
  message: string;
  /** The node's error body (`{"message","error_code","vm_error_code"}`), as `sign` prints it on stderr. */
  body?: string;
  /** What to do about it, where the page can tell. */
  hint?: string;
}

/** The transaction a request encodes to, read back from its signing message. */
export interface DecodedRequest {
  /** `0x` hex of the bytes signed: the domain prefix and bcs(RawTransaction) (or the multi-agent envelope). */
  signingMessage: string;
  /** Facts to check before signing, as label and value. */
  facts: [string, string][];
  /** The request the signing message decodes to (its arguments read through the ABIs), or why it has no request form. */
  decoded: SubmissionRequestJson | string;
}

/** What `ledger-bcs sign` prints: the input of `ledger-bcs submit`. */
export interface SignedOutput {
  signed_transaction: string;
  hash: string;
}

class PageInputError extends Error {
  override readonly name = 'PageInputError';
}

/** A failure of the page's own fields (not the request's): shown under "Check the input". */
export const inputError = (message: string): Error => new PageInputError(message);

/** The chain id field: an integer from 0 to 255, as `sign --chain-id` takes it. */
export function chainIdOf(text: string): number {
  const t = text.trim();
  const n = /^\d{1,3}$/.test(t) ? Number(t) : NaN;
  if (!(n >= 0 && n <= 255)) throw new PageInputError(`the chain id must be an integer from 0 to 255, got ${JSON.stringify(t)}`);
  return n;
}

/** The ABI field: empty, one module's ABI, or an array of them (bare or as the node's `{ bytecode, abi }`), as `--abi FILE` reads. */
export function abisOf(text: string): AbiRegistry {
  if (text.trim() === '') return abiRegistry();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new PageInputError(`the ABIs are not JSON: ${(e as Error).message}`);
  }
  try {
    return abiRegistry(Array.isArray(json) ? json : [json]);
  } catch (e) {
    if (isBcsError(e) || isUsageError(e)) throw new PageInputError(`the ABIs: ${e.code}: ${e.message}`);
    throw e;
  }
}

function expiry(secs: bigint): string {
  const ms = Number(secs) * 1000;
  return Number.isFinite(ms) && ms <= 8.64e15 ? `${secs} (${new Date(ms).toISOString().replace('.000Z', 'Z')})` : secs.toString();
}

/** The request encoded as encode_submission would for `chainId`, and read back from its bytes. */
export function decodeRequest(requestText: string, abis: AbiRegistry, chainId: number): DecodedRequest {
  const encoded = encodeSubmission(parseRequestBody(requestText), { chainId, abis });
  const raw = encoded.rawTransaction;
  const p = raw.payload;
  const facts: [string, string][] = [
    ['sender', formatAddress(raw.sender)],
    ['sequence number', raw.sequenceNumber.toString()],
    ['chain id', String(raw.chainId)],
    ['expires', expiry(raw.expirationTimestampSecs)],
    ['max gas amount', raw.maxGasAmount.toString()],
    ['gas unit price', raw.gasUnitPrice.toString()],
    ['max fee (gas amount × unit price)', (raw.maxGasAmount * raw.gasUnitPrice).toString()],
    ['payload', p.$kind],
  ];
  if (encoded.secondarySigners) facts.push(['secondary signers', encoded.secondarySigners.map((a) => formatAddress(a)).join(', ') || '(none)']);
  let decoded: DecodedRequest['decoded'];
  try {
    decoded = requestFromBytes(encoded.signingMessage, { abis }).request;
  } catch (e) {
    decoded = `no request form: ${isBcsError(e) ? e.message : String(e)}`;
  }
  return { signingMessage: encoded.hex, facts, decoded };
}

/** The keys imported, as `ledger-bcs sign` takes them: --key, --secondary-key (in order), --fee-payer-key. */
export interface PageKeys {
  sender?: Ed25519Signer;
  secondarySigners: Ed25519Signer[];
  feePayer?: Ed25519Signer;
}

/** The request signed with `keys` for `chainId`: what `ledger-bcs sign` prints for the same request and keys. */
export async function signRequest(requestText: string, abis: AbiRegistry, chainId: number, keys: PageKeys): Promise<SignedOutput> {
  const { sender, secondarySigners, feePayer } = keys;
  if (!sender) throw new PageInputError('import the sender key first');
  const multi = secondarySigners.length > 0 || feePayer !== undefined;
  const signed = await signSubmission(parseRequestBody(requestText), multi ? { sender, secondarySigners, feePayer } : sender, { chainId, abis });
  return { signed_transaction: signed.hex, hash: signed.hash };
}

/** Any failure of the functions above, or of importing a key, as the page shows it. */
export function pageFailure(e: unknown): PageFailure {
  if (isApiError(e)) {
    const f: PageFailure = { title: `The node refuses this request (${e.status} ${e.errorCode})`, message: e.message, body: JSON.stringify(e.toJSON()) };
    // api/types/src/convert.rs: a module no ABI source has; offline, only the ABI field can supply it.
    if (/^The given transaction is invalid: .*Module ModuleId \{.*\} can't be found$/.test(e.message)) {
      f.hint = "Paste the module's ABI in the ABIs field (a connected machine has it at GET /v1/accounts/{address}/module/{name}).";
    }
    return f;
  }
  if (isSigningError(e)) return { title: e.code === 'invalid_key' ? 'The key was not imported' : 'Signing failed', message: `${e.code}: ${e.message}` };
  if (e instanceof PageInputError) return { title: 'Check the input', message: e.message };
  if (isBcsError(e) || isUsageError(e)) return { title: 'Check the input', message: `${e.code}: ${e.message}` };
  return { title: 'Unexpected failure', message: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
}
