import { normalizeAddress, type Address, type BcsReader } from '../bcs/index.js';
import { ARRAY_COST, ELEMENT_COST, STRING_COST, TYPED_ARRAY_COST } from '../bcs/internal.js';
import type { ParsedSummary } from './transaction-record.js';

// A user transaction's summary fields (sender, sequence number) read by stepping over its BCS instead
// of decoding it: the full decode (records' `transaction`) builds strings, type tags, argument views
// and authenticator objects a ledger never keeps, a third of what a replica's catch-up allocated.
// Only the common shape is stepped over: `Transaction::UserTransaction(SignedTransaction)` with an
// `EntryFunction` payload without type arguments (types/src/transaction/mod.rs `RawTransaction`,
// script.rs `EntryFunction`) and an Ed25519 or single-sender Ed25519 authenticator
// (authenticator.rs). Anything else, or anything the full decode might refuse (a non-ASCII name, a
// length over the reader's limits, a budget it would exceed, a deadline to keep), is left to the full
// decode: the stepper never refuses, so every refusal is the full decode's own.

/** A user transaction's sender and sequence number, as the summary read takes them. */
export interface UserTransactionHead {
  /** The sender's 32 bytes (a view of the reader's buffer). */
  senderBytes: Uint8Array;
  sequenceNumber: bigint;
}

/** Containers the full decode enters for the stepped shape, at most (Transaction, authenticators). */
const STEPPED_DEPTH = 8;

/**
 * A canonical ULEB128 of at most 3 bytes at `o` (the reader's uleb128 accepts these, and these
 * only, as values below 2^21): value × 4 + its size in bytes, or -1 (the caller then steps no further).
 */
function shortUleb(b: Uint8Array, o: number, end: number): number {
  let value = 0;
  for (let i = 0; i < 3 && o + i < end; i++) {
    const byte = b[o + i]!;
    if ((byte & 0x80) === 0) return i > 0 && byte === 0 ? -1 : (value | (byte << (7 * i))) * 4 + i + 1;
    value |= (byte & 0x7f) << (7 * i);
  }
  return -1;
}

/** An ASCII identifier's end (ASCII is UTF-8 the strict decoder accepts), or -1. */
function asciiString(r: BcsReader, o: number): number {
  const u = shortUleb(r.buf, o, r.end);
  if (u < 0) return -1;
  const n = u >>> 2;
  const at = o + (u & 3);
  if (n > r.maxLength || at + n > r.end) return -1;
  for (let i = at; i < at + n; i++) if (r.buf[i]! > 0x7f) return -1;
  return at + n;
}

/** An Ed25519 public key and signature (`20` ‖ 32 bytes, `40` ‖ 64 bytes): its end, or -1. */
const ed25519PairEnd = (b: Uint8Array, o: number, end: number): number => (o + 98 <= end && b[o] === 32 && b[o + 33] === 64 ? o + 98 : -1);

/**
 * Steps over the user transaction at `r.off` when it has the common shape and the full decode would
 * accept it, charging the reader's budget what that decode charges; returns its head, `r` past it.
 * Otherwise returns undefined with `r` untouched: decode it in full.
 */
export function stepUserTransaction(r: BcsReader): UserTransactionHead | undefined {
  // A deadline is checked as the budget is spent, charge by charge: left to the full decode, as are
  // limits that could refuse the shape's fixed parts (nesting, the 64-byte signature's length).
  if (r.deadline !== Infinity || r.depth + STEPPED_DEPTH > r.maxDepth || r.maxLength < 64) return undefined;
  const b = r.buf;
  const end = r.end;
  const start = r.off;
  // Transaction variant 0 (UserTransaction), sender, sequence number, payload variant 2 (EntryFunction), module address.
  if (start + 1 + 32 + 8 + 1 + 32 > end || b[start] !== 0 || b[start + 41] !== 2) return undefined;
  // The module and function names, each charged as a string of its bytes.
  const functionName = asciiString(r, start + 74);
  if (functionName < 0) return undefined;
  let o = asciiString(r, functionName);
  if (o < 0) return undefined;
  let cost = 2 * STRING_COST + nameBytes(b, start + 74, end) + nameBytes(b, functionName, end);
  // No type arguments: `00` (an empty vector, charged as an array).
  if (o >= end || b[o] !== 0) return undefined;
  o++;
  cost += ARRAY_COST;
  const na = shortUleb(b, o, end);
  if (na < 0) return undefined;
  const args = na >>> 2;
  o += na & 3;
  if (args > r.maxLength || args > end - o) return undefined;
  cost += ARRAY_COST + args * ELEMENT_COST;
  for (let i = 0; i < args; i++) {
    const u = shortUleb(b, o, end);
    if (u < 0) return undefined;
    const n = u >>> 2;
    o += u & 3;
    if (n > r.maxLength || n > end - o) return undefined;
    o += n;
    cost += TYPED_ARRAY_COST + (r.zeroCopy || n === 0 ? 0 : n);
  }
  // max_gas_amount, gas_unit_price, expiration_timestamp_secs, chain_id.
  o += 8 + 8 + 8 + 1;
  if (o + 1 > end) return undefined;
  // TransactionAuthenticator::Ed25519, or ::SingleSender(AccountAuthenticator::Ed25519).
  if (b[o] === 0) o = ed25519PairEnd(b, o + 1, end);
  else if (b[o] === 4 && o + 1 < end && b[o + 1] === 0) o = ed25519PairEnd(b, o + 2, end);
  else return undefined;
  if (o < 0) return undefined;
  cost += 2 * TYPED_ARRAY_COST + (r.zeroCopy ? 0 : 32 + 64);
  if (cost > r.budgetLeft) return undefined;
  r.charge(cost, start);
  r.off = o;
  return { senderBytes: b.subarray(start + 1, start + 33), sequenceNumber: r.view.getBigUint64(start + 33, true) };
}

/** The byte length of the identifier whose ULEB is at `o` (already stepped over once). */
function nameBytes(b: Uint8Array, o: number, end: number): number {
  return shortUleb(b, o, end) >>> 2;
}

/**
 * A stepped transaction's summary (transaction-record.ts `summaryOf`'s fields): its sender's address string
 * is made when read, not for every transaction: the ledgers key summaries by the sender's bytes, and
 * the string of 32 concatenated byte pairs was ~0.9 KB of garbage a transaction (measured). A getter
 * on the prototype: one in an object literal cost ~0.7 KB an object (accessor pair and closure).
 */
class SteppedSummary implements ParsedSummary {
  readonly replayProtector: ParsedSummary['replayProtector'];
  constructor(
    readonly senderBytes: Uint8Array,
    readonly hash: Uint8Array,
    sequenceNumber: bigint,
  ) {
    this.replayProtector = { $kind: 'SequenceNumber', value: sequenceNumber };
  }
  get sender(): Address {
    return normalizeAddress(this.senderBytes);
  }
}

export const steppedSummary = (head: UserTransactionHead, hash: Uint8Array): ParsedSummary => new SteppedSummary(head.senderBytes, hash, head.sequenceNumber);
