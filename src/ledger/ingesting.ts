import { isBcsError, type Address } from '../bcs/index.js';
import { bcsBlock, type BcsBlockInput, type BlockHeader, type IndexedTransactionSummary } from '../records/index.js';
import { CHECKED_BLOCK, parseBlock, type CheckedBlock, type ParsedBlock, type Sha3 } from './block-reader.js';
import { LedgerError } from './errors.js';
import type { LedgerSource, LedgerSummary, MaybePromise, StoredTransaction, SummariesQuery } from './source.js';

// What a ledger that ingests verified blocks offers beyond a source: the memory ledger (ingest answers
// at once) and the LMDB store (ingest answers once its transaction is committed). The follower and the
// CLI feed either through this contract; reads stay synchronous for both.

/** A block's BCS, its decoded form, or a block read and checked by the replica's verifier. */
export type BlockInput = Uint8Array | BcsBlockInput | CheckedBlock;

export interface IngestResult {
  blocks: number;
  transactions: number;
  ledgerVersion: bigint;
}

export interface IngestingLedger extends LedgerSource {
  /**
   * Appends verified blocks (the BCS of `BcsBlock` with its transactions, its decoded form, or a
   * `CheckedBlock` the replica's verifier read, taken without reading it again): each
   * block must start at the next version and height, and every transaction's hash must equal its
   * info's `transaction_hash`. All or nothing: a `LedgerError` leaves the ledger as it was.
   */
  ingest(blocks: BlockInput | readonly BlockInput[]): MaybePromise<IngestResult>;
  ledgerInfo(): LedgerSummary;
  stateValue(stateKey: Uint8Array, version: bigint): Uint8Array | undefined;
  /**
   * Whether the ledger knows `stateKey` at `version`: written (or deleted) at or before it since the
   * ledger's first version, or held in its base state. False means its value, if any, is older than
   * the ledger (a replica reads it through from its upstream).
   */
  hasStateAt(stateKey: Uint8Array, version: bigint): boolean;
  accountTransactionSummaries(address: Address, query: SummariesQuery): IndexedTransactionSummary[];
  blockByHeight(height: bigint): BlockHeader | undefined;
  transactions(startVersion: bigint, limit: number): StoredTransaction[];
}

function toBytes(input: Uint8Array | BcsBlockInput, i: number): Uint8Array {
  if (input instanceof Uint8Array) return input;
  try {
    return bcsBlock.schema.encode(input);
  } catch (e) {
    if (isBcsError(e)) throw new LedgerError('malformed', `block ${i}: ${e.message}`);
    throw e;
  }
}

/** Reads and checks a batch of blocks that must follow `version` and `height`; nothing is applied. */
export function checkBatch(input: BlockInput | readonly BlockInput[], version: number, height: number, sha3: Sha3): ParsedBlock[] {
  const list = Array.isArray(input) ? (input as readonly BlockInput[]) : [input as BlockInput];
  let nextVersion = BigInt(version);
  let nextHeight = BigInt(height);
  return list.map((b, i) => {
    const p = !(b instanceof Uint8Array) && CHECKED_BLOCK in b ? placed(b[CHECKED_BLOCK]) : parseBlock(toBytes(b as Uint8Array | BcsBlockInput, i), sha3);
    if (p.blockHeight !== nextHeight) throw new LedgerError('height_gap', `block ${i} has height ${p.blockHeight}, the next height is ${nextHeight}`);
    if (p.firstVersion !== nextVersion) throw new LedgerError('version_gap', `block ${p.blockHeight} starts at version ${p.firstVersion}, the next version is ${nextVersion}`);
    nextVersion = p.lastVersion + 1n;
    nextHeight = p.blockHeight + 1n;
    return p;
  });
}

/** A checked block's own extent (its versions are its transactions'), as parseBlock checks it. */
function placed(p: ParsedBlock): ParsedBlock {
  const n = p.transactions.length;
  const first = Number(p.firstVersion);
  if (n === 0 || p.lastVersion - p.firstVersion + 1n !== BigInt(n) || p.lastVersion > BigInt(Number.MAX_SAFE_INTEGER) || p.transactions.some((t, i) => t.version !== first + i)) {
    throw new LedgerError('incomplete_block', `block ${p.blockHeight} spans versions ${p.firstVersion}..=${p.lastVersion} but carries ${n} transactions`);
  }
  return p;
}

/** The options every ingesting ledger takes, checked: the pruning window and the chain id before any state says it. */
export function checkedLedgerOptions(o: { pruneWindow?: number; chainId?: number }): { window: number | undefined; fallbackChainId: number } {
  const window = o.pruneWindow;
  if (window !== undefined && !(Number.isSafeInteger(window) && window >= 1)) {
    throw new LedgerError('invalid_option', `pruneWindow must be a positive integer of versions, got ${String(window)}`);
  }
  const fallbackChainId = o.chainId ?? 4;
  if (!(Number.isInteger(fallbackChainId) && fallbackChainId >= 0 && fallbackChainId <= 255)) {
    throw new LedgerError('invalid_option', `chainId must be a u8, got ${String(fallbackChainId)}`);
  }
  return { window, fallbackChainId };
}
