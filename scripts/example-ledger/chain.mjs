// Committed transactions and blocks for the example ledger: each transaction's write set, events and
// info are assembled here into the node's records (TransactionOnChainData, BcsBlock). The transaction
// hash and the event root are the real ones; the state change hash and the accumulator root (which
// need the write set's metadata and the ledger's accumulator) are stand-ins derived with sha3.
import { createHash, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { bcsBlock, stateKey, transaction, transactionOnChainData } from '../../dist/records/index.js';
import { hashPrefix, TRANSACTION_SALT, ed25519AuthenticationKey } from '../../dist/hash/index.js';
import { eventRootHash } from '../../dist/node-json/index.js';
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

export function createChain() {
  /** hex of every state key that holds a value (Creation vs Modification). */
  const live = new Set();
  const blocks = [];
  let version = 0;
  let accumulator = new Uint8Array(32);
  let pending = [];

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
    accumulator = sha3(accumulator, hash);
    const record = {
      version: BigInt(version),
      transaction: txn,
      info: {
        $kind: 'V0',
        value: {
          gasUsed,
          status,
          transactionHash: hash,
          eventRootHash: eventRootHash(events),
          stateChangeHash: sha3(...changes.map((c) => stateKey.schema.encode(c.key)), [1]),
          stateCheckpointHash: checkpoint ? sha3(accumulator, [2]) : null,
          auxiliaryInfoHash: null,
        },
      },
      events,
      accumulatorRootHash: accumulator,
      changes: { $kind: 'V0', value: changes },
    };
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
