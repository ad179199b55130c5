import { addressBytes, normalizeAddress, type Address } from '../bcs/index.js';
import type { IndexedTransactionSummary } from '../records/index.js';
import type { ParsedTransaction } from './block-reader.js';
import { keyString, lastAtMost } from './memory-state.js';
import type { SummariesQuery } from './source.js';

// The memory ledger's index of each account's user transactions (storage/aptosdb
// `TransactionSummariesByAccountSchema`: sequence-number and orderless alike), in version order, and
// the page `DbReader::get_account_transaction_summaries` answers from it.

interface AccountIndex {
  versions: number[];
  hashes: Uint8Array[];
  /** Sequence number or nonce, per `nonce`. */
  numbers: bigint[];
  nonce: boolean[];
}

/** Summaries by the sender's address bytes (as a keyString). */
export type AccountIndexes = Map<string, AccountIndex>;

/** Adds `t` to its sender's index, when it is a user transaction. */
export function indexTransaction(accounts: AccountIndexes, t: ParsedTransaction): void {
  const s = t.summary;
  if (s === undefined) return;
  const k = keyString(s.senderBytes);
  let a = accounts.get(k);
  if (a === undefined) accounts.set(k, (a = { versions: [], hashes: [], numbers: [], nonce: [] }));
  a.versions.push(t.version);
  a.hashes.push(s.hash);
  a.numbers.push(s.replayProtector.value);
  a.nonce.push(s.replayProtector.$kind === 'Nonce');
}

/** The page of `address`'s summaries `q` asks for, none older than `floor` (the oldest retained version). */
export function accountSummaries(accounts: AccountIndexes, address: Address, q: SummariesQuery, floor: number): IndexedTransactionSummary[] {
  const a = accounts.get(keyString(addressBytes(address)));
  if (a === undefined || q.limit <= 0) return [];
  const span = pageSpan(a.versions, q);
  if (span === undefined) return [];
  const out: IndexedTransactionSummary[] = [];
  const sender = normalizeAddress(address);
  for (let i = span.from; i < span.to; i++) {
    if (a.versions[i]! < floor) continue;
    out.push({
      $kind: 'V1',
      value: {
        sender,
        version: BigInt(a.versions[i]!),
        transactionHash: a.hashes[i]!,
        replayProtector: a.nonce[i] ? { $kind: 'Nonce', value: a.numbers[i]! } : { $kind: 'SequenceNumber', value: a.numbers[i]! },
      },
    });
  }
  return out;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Indexes [from, to) into the account's versions `v` of the page `q` asks for, or undefined for none. */
function pageSpan(v: readonly number[], q: SummariesQuery): { from: number; to: number } | undefined {
  const ledgerVersion = Number(q.ledgerVersion > MAX_SAFE ? MAX_SAFE : q.ledgerVersion);
  if (q.startVersion !== undefined) {
    // Forward from start_version, never past the ledger version.
    if (q.startVersion > BigInt(v[v.length - 1]!)) return undefined;
    const from = lastAtMost(v, Number(q.startVersion) - 1) + 1;
    return { from, to: Math.min(lastAtMost(v, ledgerVersion) + 1, from + q.limit) };
  }
  // Backward from end_version (default: the ledger version); a summary past the ledger version ends
  // the scan, as the node's iterator does, then the page is put in ascending order.
  const end = q.endVersion === undefined ? ledgerVersion : q.endVersion > MAX_SAFE ? Number.MAX_SAFE_INTEGER : Number(q.endVersion);
  const to = lastAtMost(v, end) + 1;
  if (to > 0 && v[to - 1]! > ledgerVersion) return undefined;
  return { from: Math.max(0, to - q.limit), to };
}
