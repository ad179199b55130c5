import { addressBytes, equalBytes, isBcsError } from '../../bcs/index.js';
import type { BlockHeader } from '../../records/index.js';
import type { Framework } from './framework.js';
import { BLOCK_RESOURCE_KEY, CHAIN_ID_KEY, TIMESTAMP_KEY, type BlockParts, type TransactionPart } from '../../ledger/internal.js';
import { refusal } from './transaction-checks.js';

// Per block (types/src/block_metadata.rs, block.move, timestamp.move, api/src/context.rs
// `get_block_by_height`): the REST header is derived from the block's first transaction and its
// NewBlockEvent, so both must say the same; a block ends with its state checkpoint or epilogue for the
// same block id (or with the reconfiguration that cut it short); heights, versions, epochs, rounds and
// timestamps follow the block verified before it.

/** What the block's first transaction says of it (BlockMetadata / BlockMetadataExt, or genesis). */
export interface BlockStart {
  id: Uint8Array;
  epoch: bigint;
  round: bigint;
  proposer: Uint8Array;
  bitvec: Uint8Array;
  failed: readonly bigint[];
  timestamp: bigint;
  genesis: boolean;
}

/** The last block verified: what the next one is checked against. */
export interface VerifiedTip {
  height: bigint;
  nextVersion: bigint;
  timestamp: bigint;
  epoch: bigint;
  round: bigint;
  /** The block emitted a NewEpochEvent: the next block opens epoch + 1. */
  reconfigured: boolean;
}

const ZERO = new Uint8Array(32);

/** Height and versions follow the tip; the versions are exactly the transactions carried. */
export function checkBlockExtent(b: BlockParts, tip: VerifiedTip | undefined): void {
  checkBlockPlace(b, b.transactions.length, tip);
  b.transactions.forEach((t, i) => checkTransactionVersion(b, i, t.version));
}

/** A block header's place: height and first version follow `tip`; its versions are exactly `count` transactions. */
export function checkBlockPlace(b: BlockExtent, count: number, tip: Pick<VerifiedTip, 'height' | 'nextVersion'> | undefined): void {
  if (tip !== undefined && b.blockHeight !== tip.height + 1n) throw refusal(tip.height + 1n, undefined, 'block_height', `the upstream sent block height ${b.blockHeight}`);
  if (tip !== undefined && b.firstVersion !== tip.nextVersion) throw refusal(b.blockHeight, b.firstVersion, 'first_version', `first_version is ${b.firstVersion}, the next version is ${tip.nextVersion}`);
  const n = BigInt(count);
  if (b.lastVersion < b.firstVersion || b.lastVersion - b.firstVersion + 1n !== n) {
    throw refusal(b.blockHeight, b.lastVersion, 'last_version', `versions ${b.firstVersion}..=${b.lastVersion} but ${n} transactions`);
  }
}

/** The block's `i`th transaction says the version its place gives it. */
export function checkTransactionVersion(b: BlockExtent, i: number, version: bigint): void {
  if (version !== b.firstVersion + BigInt(i)) throw refusal(b.blockHeight, b.firstVersion + BigInt(i), 'version', `transaction says version ${version}`);
}

/** What the extent checks read of a block header. */
type BlockExtent = Pick<BlockHeader, 'blockHeight' | 'firstVersion' | 'lastVersion'>;

/** The first transaction opens the block: block metadata, or the genesis transaction at version 0. */
export function blockStart(fw: Framework, b: BlockParts): BlockStart {
  const first = b.transactions[0]!;
  const tx = first.transaction;
  if (tx.$kind === 'GenesisTransaction' && first.version === 0n) {
    const e = newBlockEventOf(fw, b, first);
    return { id: e.hash, epoch: e.epoch, round: e.round, proposer: e.proposer, bitvec: e.previousBlockVotesBitvec, failed: e.failedProposerIndices, timestamp: e.timeMicroseconds, genesis: true };
  }
  const m = tx.$kind === 'BlockMetadata' ? tx.value : tx.$kind === 'BlockMetadataExt' ? tx.value.value : undefined;
  if (m === undefined) throw refusal(b.blockHeight, first.version, 'block_metadata', `the block opens with a ${tx.$kind}, not its block metadata`);
  if (tx.$kind === 'BlockMetadataExt' && tx.value.$kind === 'V1' && tx.value.value.randomness !== null) {
    const r = tx.value.value.randomness.metadata;
    if (r.epoch !== m.epoch || r.round !== m.round) throw refusal(b.blockHeight, first.version, 'block_metadata', `the randomness is for epoch ${r.epoch} round ${r.round}, the block is epoch ${m.epoch} round ${m.round}`);
  }
  return {
    id: m.id,
    epoch: m.epoch,
    round: m.round,
    proposer: addressBytes(m.proposer),
    bitvec: m.previousBlockVotesBitvec,
    failed: m.failedProposerIndices.map(BigInt),
    timestamp: m.timestampUsecs,
    genesis: false,
  };
}

/** The block's one NewBlockEvent: V1 on (creation 3, 0x1), sequence number = height, decoded. */
function newBlockEventOf(fw: Framework, b: BlockParts, t: TransactionPart) {
  const found = t.events.filter((e) => equalBytes(e.type, fw.newBlockEventType));
  if (found.length !== 1) throw refusal(b.blockHeight, t.version, 'new_block_event', `the block's first transaction emits ${found.length} NewBlockEvents, not one`);
  const e = found[0]!;
  if (e.key === undefined || e.key.creationNumber !== 3n || !equalBytes(e.key.address, addressBytes('0x1'))) {
    throw refusal(b.blockHeight, t.version, 'new_block_event', 'the NewBlockEvent is not on 0x1::block::BlockResource.new_block_events');
  }
  if (e.sequenceNumber !== b.blockHeight) throw refusal(b.blockHeight, t.version, 'new_block_event', `the NewBlockEvent's sequence number is ${e.sequenceNumber}, not the height`);
  try {
    return fw.newBlockEvent.decode(e.data);
  } catch (err) {
    if (isBcsError(err)) throw refusal(b.blockHeight, t.version, 'new_block_event', `the NewBlockEvent does not decode: ${err.message}`);
    throw err;
  }
}

/** block_prologue_common builds the NewBlockEvent from the metadata: every field must agree. */
export function checkNewBlockEvent(fw: Framework, b: BlockParts, s: BlockStart): void {
  const first = b.transactions[0]!;
  const e = newBlockEventOf(fw, b, first);
  const same =
    equalBytes(e.hash, s.id) &&
    e.epoch === s.epoch &&
    e.round === s.round &&
    equalBytes(e.previousBlockVotesBitvec, s.bitvec) &&
    equalBytes(e.proposer, s.proposer) &&
    e.failedProposerIndices.length === s.failed.length &&
    e.failedProposerIndices.every((x, i) => x === s.failed[i]) &&
    e.timeMicroseconds === s.timestamp;
  if (!same) throw refusal(b.blockHeight, first.version, 'new_block_event', 'the NewBlockEvent disagrees with the block metadata (id, epoch, round, votes, proposer, failed proposers or time)');
  if (e.height !== b.blockHeight) throw refusal(b.blockHeight, first.version, 'block_height', `the NewBlockEvent says height ${e.height}`);
  for (const t of b.transactions.slice(1)) {
    if (t.events.some((x) => equalBytes(x.type, fw.newBlockEventType))) throw refusal(b.blockHeight, t.version, 'new_block_event', 'a second NewBlockEvent in the block');
  }
}

/** The REST header is the metadata's: block_hash = id (zero for genesis), block_timestamp = its time. */
export function checkBlockHeader(b: BlockParts, s: BlockStart): void {
  const id = s.genesis ? ZERO : s.id;
  if (!equalBytes(b.blockHash, id)) throw refusal(b.blockHeight, b.firstVersion, 'block_hash', "the header's block_hash is not the block metadata's id");
  if (b.blockTimestamp !== s.timestamp) throw refusal(b.blockHeight, b.firstVersion, 'block_timestamp', `the header's block_timestamp ${b.blockTimestamp} is not the block metadata's ${s.timestamp}`);
}

/**
 * Against the tip: timestamp.move `update_global_time` (a NIL block, proposer @vm_reserved, keeps the
 * time; any other moves it strictly forward), the epoch (the next one after a reconfiguration, else
 * the same) and, within an epoch, a later round.
 */
export function checkBlockOrder(b: BlockParts, s: BlockStart, tip: VerifiedTip | undefined): void {
  if (tip === undefined) return;
  const v = b.firstVersion;
  const nil = equalBytes(s.proposer, ZERO);
  if (nil ? s.timestamp !== tip.timestamp : s.timestamp <= tip.timestamp) {
    throw refusal(b.blockHeight, v, 'block_timestamp', `timestamp ${s.timestamp} after ${tip.timestamp}: ${nil ? 'a NIL block keeps the time' : 'time must move forward'}`);
  }
  const epoch = tip.reconfigured ? tip.epoch + 1n : tip.epoch;
  if (s.epoch !== epoch) throw refusal(b.blockHeight, v, 'epoch', `epoch ${s.epoch}, expected ${epoch}`);
  if (!tip.reconfigured && s.round <= tip.round) throw refusal(b.blockHeight, v, 'round', `round ${s.round} is not after ${tip.round}`);
}

/**
 * One block start, and one end: no metadata after the first transaction, no checkpoint or epilogue
 * before the last, and the last is the state checkpoint or block epilogue of this block's id, unless
 * the block reconfigured (types/src/transaction/mod.rs `is_non_reconfig_block_ending`). So a block
 * that lost its last transaction is refused itself. Returns whether it reconfigured.
 */
export function checkBlockEnd(fw: Framework, b: BlockParts, s: BlockStart): boolean {
  const txs = b.transactions;
  let reconfigured = false;
  txs.forEach((t, i) => {
    const k = t.transaction.$kind;
    if (i > 0 && (k === 'BlockMetadata' || k === 'BlockMetadataExt' || k === 'GenesisTransaction')) throw refusal(b.blockHeight, t.version, 'block_metadata', `a second block start (${k}) inside the block`);
    if (i < txs.length - 1 && (k === 'StateCheckpoint' || k === 'BlockEpilogue')) throw refusal(b.blockHeight, t.version, 'block_end', `the block ends (${k}) before its last transaction`);
    if (t.events.some((e) => fw.newEpochTypes.some((ty) => equalBytes(e.type, ty)))) reconfigured = true;
  });
  const last = txs[txs.length - 1]!;
  const tx = last.transaction;
  const ended = tx.$kind === 'StateCheckpoint' ? tx.value : tx.$kind === 'BlockEpilogue' ? tx.value.value.blockId : undefined;
  if (ended !== undefined) {
    if (!equalBytes(ended, s.id)) throw refusal(b.blockHeight, last.version, 'block_end', `the ${tx.$kind} is for another block id`);
  } else if (!reconfigured) {
    throw refusal(b.blockHeight, last.version, 'block_end', 'the block does not end with its state checkpoint or block epilogue (a transaction missing at its end?)');
  }
  return reconfigured;
}

/**
 * The framework state a transaction writes never contradicts what was verified: 0x1::chain_id is
 * written once, at genesis, with the pinned chain id; 0x1::timestamp holds the block's timestamp;
 * 0x1::block::BlockResource the block's height.
 */
export function checkStateWrites(chainId: number, b: BlockParts, t: TransactionPart): void {
  for (const w of t.writes) {
    const k = w.key;
    if (k.length === CHAIN_ID_KEY.length && equalBytes(k, CHAIN_ID_KEY)) {
      const ok = t.version === 0n && w.value !== null && w.value.length === 1 && w.value[0] === chainId;
      if (!ok) throw refusal(b.blockHeight, t.version, 'state_chain_id', `a write to 0x1::chain_id::ChainId${t.version === 0n ? `, not chain ${chainId}` : ' after genesis'}`);
    } else if (k.length === TIMESTAMP_KEY.length && equalBytes(k, TIMESTAMP_KEY)) {
      if (w.value === null || w.value.length !== 8 || u64At(w.value) !== b.blockTimestamp) {
        throw refusal(b.blockHeight, t.version, 'state_timestamp', `0x1::timestamp::CurrentTimeMicroseconds written other than the block's timestamp ${b.blockTimestamp}`);
      }
    } else if (k.length === BLOCK_RESOURCE_KEY.length && equalBytes(k, BLOCK_RESOURCE_KEY)) {
      if (w.value === null || w.value.length < 8 || u64At(w.value) !== b.blockHeight) {
        throw refusal(b.blockHeight, t.version, 'state_block_height', `0x1::block::BlockResource written with another height than ${b.blockHeight}`);
      }
    }
  }
}

const u64At = (v: Uint8Array): bigint => new DataView(v.buffer, v.byteOffset, 8).getBigUint64(0, true);
