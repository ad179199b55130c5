import { BcsReader, equalBytes, isBcsError, toHex } from '../../bcs/index.js';
import { isLedgerApiError, isLedgerNetworkError, isLedgerResponseError, type LedgerClient } from '../../client/index.js';
import { ReplicaError } from '../errors.js';
import { readTransactionPart, type BlockParts, type TransactionPart } from '../../ledger/internal.js';
import { refusal } from './transaction-checks.js';

// Witnesses: independent nodes asked for the same versions before a batch is stored. What is compared
// is what commits to everything else: each version's TransactionInfo (its BCS, so equal bytes are
// equal hashes) and accumulator_root_hash. A follower that holds the accumulator (from genesis) has
// proven every info up to the batch's last version against that version's root, so one root per
// witness is enough; mid-chain, every version's info and root are compared. Agreement of k witnesses
// is "k operators did not collude", not a proof (docs/replica.md).

export interface Witness {
  /** Named in messages (its URL). */
  name: string;
  client: LedgerClient;
}

export interface WitnessOptions {
  chainId: number;
  /** How long a witness may stay behind or away before the batch is refused as unconfirmed. */
  waitMs: number;
  pollMs: number;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** The follower was stopped: give up waiting. */
  stopped: () => boolean;
}

const unavailable = (w: Witness, why: string) => new ReplicaError('witness_unavailable', `witness ${w.name}: ${why}`);

/** Transactions `start..start+count` from the witness, waiting while it is behind or away. */
async function fetchRange(w: Witness, start: bigint, count: number, o: WitnessOptions): Promise<TransactionPart[]> {
  const out: TransactionPart[] = [];
  const end = o.now() + o.waitMs;
  let last = '';
  while (out.length < count) {
    const from = start + BigInt(out.length);
    try {
      const r = await w.client.getTransactionsBytes({ start: from, limit: Math.min(count - out.length, 100) });
      if (r.ledgerInfo.chainId !== o.chainId) throw unavailable(w, `it answers for chain ${r.ledgerInfo.chainId}, the replica follows chain ${o.chainId}`);
      const page = readPage(w, r.data, from);
      if (page.length > 0) {
        out.push(...page.slice(0, count - out.length));
        continue;
      }
      last = `it has no version ${from} yet`;
    } catch (e) {
      if (!(isLedgerNetworkError(e) || isLedgerResponseError(e) || isLedgerApiError(e))) throw e;
      if (isLedgerApiError(e) && e.status === 410) throw unavailable(w, `it has pruned version ${from}`);
      last = e.message;
    }
    if (o.stopped()) throw unavailable(w, 'the follower stopped');
    if (o.now() >= end) throw unavailable(w, `no answer for version ${from} within ${o.waitMs} ms (${last})`);
    await o.sleep(o.pollMs);
  }
  return out;
}

function readPage(w: Witness, bytes: Uint8Array, from: bigint): TransactionPart[] {
  try {
    const r = new BcsReader(bytes, { zeroCopy: true });
    const n = r.length(1);
    const out: TransactionPart[] = [];
    for (let i = 0; i < n; i++) {
      const t = readTransactionPart(r);
      if (t.version !== from + BigInt(i)) throw unavailable(w, `it answered version ${t.version} for ${from + BigInt(i)}`);
      out.push(t);
    }
    return out;
  } catch (e) {
    if (isBcsError(e)) throw unavailable(w, `its transactions listing does not parse: ${e.message}`);
    throw e;
  }
}

function compare(w: Witness, b: BlockParts, mine: TransactionPart, theirs: TransactionPart, infos: boolean): ReplicaError | undefined {
  if (infos && !equalBytes(mine.infoBytes, theirs.infoBytes)) {
    return refusal(b.blockHeight, mine.version, 'transaction_info', `witness ${w.name} has another TransactionInfo at this version`, 'witness_disagreed');
  }
  if (!equalBytes(mine.accumulatorRootHash, theirs.accumulatorRootHash)) {
    return refusal(b.blockHeight, mine.version, 'accumulator_root_hash', `witness ${w.name} has accumulator root ${toHex(theirs.accumulatorRootHash)}, the upstream sent ${toHex(mine.accumulatorRootHash)}`, 'witness_disagreed');
  }
  return undefined;
}

/** Compares every version of `blocks` (mid-chain). The first disagreement, or undefined. */
async function compareAll(w: Witness, blocks: readonly BlockParts[], o: WitnessOptions): Promise<ReplicaError | undefined> {
  const first = blocks[0]!.firstVersion;
  const count = Number(blocks[blocks.length - 1]!.lastVersion - first + 1n);
  const theirs = await fetchRange(w, first, count, o);
  for (const b of blocks) {
    for (const t of b.transactions) {
      const bad = compare(w, b, t, theirs[Number(t.version - first)]!, true);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

/**
 * The first version of `blocks` the witness disagrees on, or undefined when it agrees on all.
 * `proven`: the accumulator proved every info up to the last version, so its root alone is asked
 * first, and the versions are compared one by one only to name where a disagreement starts.
 */
export async function witnessDisagreement(w: Witness, blocks: readonly BlockParts[], proven: boolean, o: WitnessOptions): Promise<ReplicaError | undefined> {
  if (blocks.length === 0) return undefined;
  if (proven) {
    const lastBlock = blocks[blocks.length - 1]!;
    const last = lastBlock.transactions[lastBlock.transactions.length - 1]!;
    const [theirs] = await fetchRange(w, last.version, 1, o);
    if (compare(w, lastBlock, last, theirs!, false) === undefined) return undefined;
  }
  return compareAll(w, blocks, o);
}
