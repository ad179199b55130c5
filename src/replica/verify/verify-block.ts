import { isBcsError } from '../../bcs/index.js';
import type { Sha3 } from '../../ledger/index.js';
import { blockStart, checkBlockEnd, checkBlockExtent, checkBlockHeader, checkBlockOrder, checkNewBlockEvent, checkStateWrites, type VerifiedTip } from './block-checks.js';
import { framework, type Framework } from './framework.js';
import { copyAccumulator, emptyAccumulator, hashers, type Accumulator, type Hashers } from './hashers.js';
import type { BlockHeader } from '../../records/index.js';
import { CHECKED_BLOCK, ingestedTransaction, readBlockParts, type BlockParts, type BlockRead, type BlockReadPosition, type CheckedBlock, type ParsedTransaction } from '../../ledger/internal.js';
import { ReplicaError } from '../errors.js';
import { checkAccumulatorRoot, checkEventRootHash, checkStateChangeHash, checkTransactionHash, refusal, type HashedBlock } from './transaction-checks.js';

// One block, every check in order: its extent against the tip; per transaction the hashes its info
// commits to and the info chained into the accumulator (when the verifier holds it: from genesis);
// then the header against the first transaction and its NewBlockEvent, the order after the tip, the
// framework state the transactions write, and the block's end. Pure: the state in is not changed, the state
// out is the block's tip. A refusal is a ReplicaError naming block, version and field.

export interface VerifyContext {
  h: Hashers;
  fw: Framework;
  /** The chain id pinned by the first answer (X-SVC-CHAIN-ID). */
  chainId: number;
  /** Trusted accumulator roots by version (`--trust VERSION:ROOT`). */
  pins: ReadonlyMap<bigint, Uint8Array>;
}

export interface VerifierState {
  /** The last verified block (undefined before the first). */
  tip: VerifiedTip | undefined;
  /** The transaction accumulator up to the tip: known when verification started at genesis. */
  accumulator: Accumulator | undefined;
}

export const INITIAL_STATE: VerifierState = { tip: undefined, accumulator: undefined };

export function verifyContext(sha3: Sha3, chainId: number, pins: ReadonlyMap<bigint, Uint8Array> = new Map()): VerifyContext {
  return { h: hashers(sha3), fw: framework(), chainId, pins };
}

/**
 * Verifies one block's bytes after `state`, every check in this thread; returns the state after it,
 * the block's parts and the block as a ledger ingests it (its parts and hashes as verified here, not
 * read again). The follower's verifier runs the same checks split in three (readPlaced, hashChecks,
 * checkStructure), the hashing possibly in a worker, in this order per block.
 */
export function verifyBlock(ctx: VerifyContext, state: VerifierState, bytes: Uint8Array): { state: VerifierState; block: BlockParts; checked: CheckedBlock } {
  const b = readPlaced(state, bytes);
  const acc = startAccumulator(state, b);
  hashChecks(ctx.h, ctx.pins, b, acc);
  const { tip, checked } = checkStructure(ctx, state, b);
  return { state: { tip, accumulator: acc }, block: b, checked };
}

/** The block read, its extent against the tip: the checks before any hash. */
export function readPlaced(state: VerifierState, bytes: Uint8Array): BlockParts {
  const b = readReceived(bytes);
  checkBlockExtent(b, state.tip);
  return b;
}

/** The block's parts (the ledger's reader); a block that does not parse is refused naming the transaction it failed in. */
function readReceived(bytes: Uint8Array): BlockParts {
  const at: BlockReadPosition = { height: undefined, version: undefined };
  let b: BlockRead;
  try {
    b = readBlockParts(bytes, at);
  } catch (e) {
    if (!isBcsError(e)) throw e;
    const where = `block ${at.height ?? '?'}${at.version === undefined ? '' : `, version ${at.version}`}`;
    throw new ReplicaError('verification_failed', `${where}: ${e.message} (bytes)`, at.height, at.version, 'bytes');
  }
  if (b.transactions === null) {
    throw refusal(b.blockHeight, undefined, 'transactions', 'no transactions (with_transactions=true is needed)');
  }
  return b;
}

/** The accumulator the block's infos are appended to: a copy of the state's, a new one at genesis, or none mid-chain. */
export function startAccumulator(state: VerifierState, b: BlockHeader): Accumulator | undefined {
  return state.accumulator !== undefined ? copyAccumulator(state.accumulator) : state.tip === undefined && b.firstVersion === 0n ? emptyAccumulator() : undefined;
}

/**
 * Per transaction, in order, what its info commits to and the info chained into `acc` (appended to:
 * the accumulator after the block). The only checks that hash: what a worker may run.
 */
export function hashChecks(h: Hashers, pins: ReadonlyMap<bigint, Uint8Array>, b: HashedBlock, acc: Accumulator | undefined): void {
  for (const t of b.transactions) {
    checkTransactionHash(h, b.blockHeight, t);
    checkEventRootHash(h, b.blockHeight, t);
    checkStateChangeHash(h, b.blockHeight, t);
    if (acc !== undefined) checkAccumulatorRoot(h, b.blockHeight, t, acc, pins);
  }
}

/**
 * The header against the first transaction and its NewBlockEvent, the order after the tip, the
 * framework state written and the block's end; the block as a ledger takes it (each transaction's
 * hash is its info's, which hashChecks proves before it is stored).
 */
export function checkStructure(ctx: VerifyContext, state: VerifierState, b: BlockParts): { tip: VerifiedTip; checked: CheckedBlock } {
  const { fw } = ctx;
  const s = blockStart(fw, b);
  checkNewBlockEvent(fw, b, s);
  checkBlockHeader(b, s);
  checkBlockOrder(b, s, state.tip);
  for (const t of b.transactions) checkStateWrites(ctx.chainId, b, t);
  const reconfigured = checkBlockEnd(fw, b, s);
  const tip: VerifiedTip = { height: b.blockHeight, nextVersion: b.lastVersion + 1n, timestamp: s.timestamp, epoch: s.epoch, round: s.round, reconfigured };
  const txs: ParsedTransaction[] = new Array(b.transactions.length);
  for (let i = 0; i < txs.length; i++) txs[i] = ingestedTransaction(b.transactions[i]!);
  const { blockHeight, blockHash, blockTimestamp, firstVersion, lastVersion } = b;
  return { tip, checked: { [CHECKED_BLOCK]: { blockHeight, blockHash, blockTimestamp, firstVersion, lastVersion, transactions: txs } } };
}
