import { encodeInto } from '../bcs/internal.js';
import { verifiedCall, type QuotedHex } from './encode-submission.js';
import { isJsonObject } from './json-value.js';
import type { AbiRegistry } from './registry.js';
import { smallDecimal } from './rust-int.js';

// encode_submission's most common request, answered from its JSON value in one pass: a single
// signer's call of an entry function already compiled from the same text, with no type arguments,
// every number a plain decimal that fits a double, and the sender in its 64-digit form. Nothing is
// built between the JSON and the writer (no SubmissionRequest, no parsed function id, no sender
// bytes): on a socket that reading cost about as much again as the encoding (issue 32).
//
// It only ever answers what the general path (request.ts `parseSubmissionRequest`, then
// encode-submission.ts `requestMessageBody`) answers for the same value, with the same bytes. Each
// check below is one that path makes, or a narrower one; for anything else, and for any error while
// writing, it answers undefined and the general path reads the request from the start, so every
// error the node gives, in the node's order, still comes from there. test/submission/compiled-request
// .test.ts holds the two to the same answers.

/**
 * The signing message's body (made by `quoted` from the encoder's buffer) when `body` is that common
 * request; undefined otherwise.
 */
export function compiledCallMessageBody(body: unknown, registry: AbiRegistry, chainId: number, quoted: QuotedHex): string | Uint8Array | undefined {
  if (!isJsonObject(body)) return undefined;
  const p = body['payload'];
  if (!isJsonObject(p) || p['type'] !== 'entry_function_payload') return undefined;
  const text = p['function'];
  const typeArgs = p['type_arguments'];
  const args = p['arguments'];
  if (typeof text !== 'string' || !Array.isArray(typeArgs) || typeArgs.length !== 0 || !Array.isArray(args)) return undefined;
  // Compiled under this text only after the text was read as a function id and passed verify().
  const call = verifiedCall(registry, text);
  if (call === undefined) return undefined;
  if (!absent(body['replay_protection_nonce']) || !absent(body['secondary_signers'])) return undefined;
  const sender = body['sender'];
  // `0x` and 64 digits: the writer parses it into place, and refuses it as the general path does.
  if (typeof sender !== 'string' || sender.length !== 66) return undefined;
  const sequenceNumber = plainU64(body['sequence_number']);
  const maxGasAmount = plainU64(body['max_gas_amount']);
  const gasUnitPrice = plainU64(body['gas_unit_price']);
  const expirationTimestampSecs = plainU64(body['expiration_timestamp_secs']);
  if (sequenceNumber < 0 || maxGasAmount < 0 || gasUnitPrice < 0 || expirationTimestampSecs < 0) return undefined;
  const txn = { sender, sequenceNumber, payload: args, maxGasAmount, gasUnitPrice, expirationTimestampSecs, chainId };
  try {
    return encodeInto(call.writeSigningMessage, txn, (w) => quoted(w.buf, w.off));
  } catch {
    return undefined;
  }
}

function absent(v: unknown): boolean {
  return v === undefined || v === null;
}

/** A u64 field written as up to 15 plain digits (rust-int.ts `smallDecimal`), or -1. */
function plainU64(v: unknown): number {
  return typeof v === 'string' ? smallDecimal(v) : -1;
}
