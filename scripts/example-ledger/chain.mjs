// Committed transactions and blocks for the example ledger: each transaction's write set, events and
// info are assembled here into the node's records (TransactionOnChainData, BcsBlock). Every hash a
// follower can check is the node's: the transaction hash, the event root, the state change hash
// (sha3(seed("WriteSet") ‖ bcs(WriteSet))) and the accumulator root over the infos' hashes
// (types/src/proof/accumulator/mod.rs `InMemoryAccumulator`). Only the state checkpoint hash (a root
// of the state tree, which this ledger does not build) is a stand-in derived with sha3.
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bcsBlock, stateKey, transaction, transactionInfo, transactionOnChainData, writeSet } from '../../dist/records/index.js';
import { bcs } from '../../dist/bcs/index.js';
import { hashPrefix, TRANSACTION_SALT, ed25519AuthenticationKey } from '../../dist/hash/index.js';
import { eventRootHash } from '../../dist/node-json/index.js';
import { accumulator } from './accumulator.mjs';
import * as R from './resources.mjs';
import { concat, hex } from './resources.mjs';

const PREFIX = hashPrefix(TRANSACTION_SALT);
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A deterministic ed25519 key from a name (seed = sha256("ledger-bcs example: " ‖ name)). */
export function keyFor(name) {
  const seed = createHash('sha256').update(`ledger-bcs example: ${name}`).digest();
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = new Uint8Array(createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32));
  return {
    name,
    publicKey,
    address: ed25519AuthenticationKey(publicKey),
    sign: (msg) => new Uint8Array(sign(null, msg, privateKey)),
  };
}

export function ed25519(key, message) {
  return { $kind: 'Ed25519', value: { publicKey: key.publicKey, signature: key.sign(message) } };
}

const sha3 = (...parts) => sha3_256(concat(...parts));
const seed = (name) => hashPrefix(`APTOS::${name}`);
const WRITE_SET = seed('WriteSet');
const INFO = seed('TransactionInfo');
const NODE = seed('TransactionAccumulator');
/**
 * A chain of committed transactions. `after`: BcsBlocks already committed (from genesis, in order) to
 * continue from: their infos extend the accumulator and their writes say which state keys hold a
 * value; `blocks` then holds only the blocks closed here.
 */
export function createChain({ after = [] } = {}) {
  /** hex of every state key that holds a value (Creation vs Modification). */
  const live = new Set();
  const blocks = [];
  let version = 0;
  const acc = accumulator(NODE);
  let pending = [];
  for (const bytes of after) {
    for (const t of bcsBlock.schema.decode(bytes).transactions) {
      if (t.version !== BigInt(version)) throw new Error(`createChain: version ${t.version} follows ${version - 1}`);
      acc.append(sha3(INFO, transactionInfo.schema.encode(t.info)));
      for (const { key, value } of t.changes.value) {
        const h = hex(stateKey.schema.encode(key));
        if (value.$kind === 'Deletion') live.delete(h);
        else live.add(h);
      }
      version++;
    }
  }

  /**
   * Commits one transaction: `writes` are [stateKeyBytes, valueBytes | null] in any order, `events`
   * ContractEvent inputs. Returns its version.
   */
  function commit(txn, { writes = [], events = [], gasUsed = 0n, status = { $kind: 'Success' }, checkpoint = false }) {
    const txnBytes = transaction.schema.encode(txn);
    const hash = sha3(PREFIX, txnBytes);
    const byKey = new Map();
    for (const [k, v] of writes) byKey.set(hex(k), [k, v]);
    const changes = [];
    for (const [h, [k, v]] of byKey) {
      const op = v === null ? { $kind: 'Deletion' } : live.has(h) ? { $kind: 'Modification', value: v } : { $kind: 'Creation', value: v };
      if (v === null) live.delete(h);
      else live.add(h);
      changes.push({ key: stateKey.schema.decode(k), value: op });
    }
    const changeSet = { $kind: 'V0', value: changes };
    const info = {
      $kind: 'V0',
      value: {
        gasUsed,
        status,
        transactionHash: hash,
        eventRootHash: eventRootHash(events),
        stateChangeHash: sha3(WRITE_SET, writeSet.schema.encode(changeSet)),
        stateCheckpointHash: checkpoint ? sha3(hash, [2]) : null,
        auxiliaryInfoHash: null,
      },
    };
    acc.append(sha3(INFO, transactionInfo.schema.encode(info)));
    const record = { version: BigInt(version), transaction: txn, info, events, accumulatorRootHash: acc.root(), changes: changeSet };
    pending.push(transactionOnChainData.schema.decode(transactionOnChainData.schema.encode(record)));
    return version++;
  }

  /** Closes the block of the transactions committed since the last one. */
  function closeBlock(height, blockHash, timestampUsecs) {
    const txs = pending;
    pending = [];
    blocks.push(
      bcsBlock.schema.encode({
        blockHeight: BigInt(height),
        blockHash,
        blockTimestamp: timestampUsecs,
        firstVersion: txs[0].version,
        lastVersion: txs[txs.length - 1].version,
        transactions: txs,
      }),
    );
  }

  return { commit, closeBlock, blocks, get version() { return version; }, hasState: (k) => live.has(hex(k)) };
}

const EPOCH_INTERVAL = 7_200_000_000n;
const { u64 } = bcs;

/**
 * Block `height`'s first transaction, as block.move `block_prologue_common` runs it: the metadata
 * (BlockMetadataExt V1 without randomness when `ext`, else BlockMetadata), the NewBlockEvent it emits
 * on BlockResource.new_block_events (V1, key (3, 0x1), sequence number = height, built from the
 * metadata), and what it writes: BlockResource's height and event counter, and timestamp.move's
 * CurrentTimeMicroseconds. Returns `{ txn, writes, events }` for `commit`; a block that reconfigures
 * adds its own writes and events to these.
 */
export function blockPrologue({ height, id, epoch, round, proposer, previousBlockVotesBitvec, timestampUsecs, ext = false }) {
  height = BigInt(height);
  const writes = [
    [R.keys.block(), R.blockResource.encode({ height, epochInterval: EPOCH_INTERVAL, newBlockEvents: { counter: height + 1n, guid: { creationNum: 3n, addr: '0x1' } }, updateEpochIntervalEvents: { counter: 0n, guid: { creationNum: 4n, addr: '0x1' } } })],
    [R.keys.timestamp(), u64.encode(timestampUsecs)],
  ];
  const event = { hash: id, epoch, round, height, previousBlockVotesBitvec, proposer, failedProposerIndices: [], timeMicroseconds: timestampUsecs };
  const events = [{ $kind: 'V1', value: { key: { creationNumber: 3n, accountAddress: '0x1' }, sequenceNumber: height, typeTag: R.tag('0x1::block::NewBlockEvent'), eventData: R.newBlockEvent.encode(event) } }];
  const meta = { id, epoch, round, proposer, previousBlockVotesBitvec, failedProposerIndices: [], timestampUsecs };
  const txn = ext ? { $kind: 'BlockMetadataExt', value: { $kind: 'V1', value: { ...meta, randomness: null } } } : { $kind: 'BlockMetadata', value: meta };
  return { txn, writes, events };
}

/**
 * Block `id`'s last transaction: its block epilogue (`epilogue`), or a state checkpoint. Commit it with
 * `checkpoint: true`. `gasUnits`: the block's effective gas units (500 when not given); no limit is reached.
 */
export function blockEnd(id, { epilogue = true, gasUnits = 500n } = {}) {
  if (!epilogue) return { $kind: 'StateCheckpoint', value: id };
  const blockEndInfo = { $kind: 'V0', value: { blockGasLimitReached: false, blockOutputLimitReached: false, blockEffectiveBlockGasUnits: gasUnits, blockApproxOutputSize: 4096n } };
  return { $kind: 'BlockEpilogue', value: { $kind: 'V0', value: { blockId: id, blockEndInfo } } };
}
