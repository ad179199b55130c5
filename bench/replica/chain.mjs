// Transfer blocks for the replica bench: a genesis block, then blocks of a block-metadata transaction
// (with its NewBlockEvent and timestamp write), `perBlock` user transactions (an aptos_account::transfer
// each, from a pool of senders, with its write set: the sender's Account and both primary stores'
// ObjectGroup, and a FeeStatement event) and a state checkpoint. Every hash a follower verifies is the
// node's: transaction hash, event root, state change hash and accumulator root (so a follower from
// genesis checks them all). Signatures are zero bytes: the replica checks hashes, not signatures.
import { bcs, compareBytes } from '../../dist/bcs/index.js';
import { bcsBlock, contractEvent, stateKey, transaction, transactionInfo, transactionOnChainData, writeSet } from '../../dist/records/index.js';
import { hashPrefix, TRANSACTION_SALT } from '../../dist/hash/index.js';
import { createMemoryLedger, resourceGroupKey, resourceKey } from '../../dist/ledger/index.js';
import { accumulator } from '../../scripts/example-ledger/accumulator.mjs';
import { nodeSha3 } from '../../dist/ledger/node.js';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PREFIX = hashPrefix(TRANSACTION_SALT);
const SEED = { info: hashPrefix('APTOS::TransactionInfo'), node: hashPrefix('APTOS::TransactionAccumulator'), event: hashPrefix('APTOS::ContractEvent'), eventNode: hashPrefix('APTOS::EventAccumulator'), writeSet: hashPrefix('APTOS::WriteSet') };
const fw = (module, name, typeArgs = []) => ({ address: '0x1', module, name, typeArgs });
const addr = (i) => `0x${(i + 0x1000).toString(16).padStart(64, '0')}`;
// Node's sha3 (test/ledger/node-sha3.test.ts checks it against @noble/hashes): generating is not what is measured.
const sha3 = (...parts) => nodeSha3(parts);
const newBlockEvent = bcs.struct('NewBlockEvent', {
  hash: bcs.fixedBytes(32), epoch: bcs.u64, round: bcs.u64, height: bcs.u64, previousBlockVotesBitvec: bcs.bytes, proposer: bcs.address, failedProposerIndices: bcs.vector(bcs.u64), timeMicroseconds: bcs.u64,
});

const eventRoot = (events) => {
  const a = accumulator(SEED.eventNode);
  for (const e of events) a.append(sha3(SEED.event, contractEvent.schema.encode(e)));
  return a.root();
};

/**
 * A chain of transfer blocks: `next(n)` returns the next n blocks as BcsBlock bytes (block 0 is
 * genesis, on chain 4), every hash and accumulator root the node's.
 */
export function transferChain({ perBlock, senders = 1000 }) {
  const seq = Array.from({ length: senders }, () => 0n);
  const accountKeys = Array.from({ length: senders }, (_, i) => stateKey.schema.decode(resourceKey(addr(i), fw('account', 'Account'))));
  const groupKeys = Array.from({ length: senders }, (_, i) => stateKey.schema.decode(resourceGroupKey(addr(i), fw('object', 'ObjectGroup'))));
  const chainIdKey = stateKey.schema.decode(resourceKey('0x1', fw('chain_id', 'ChainId')));
  const timeKey = stateKey.schema.decode(resourceKey('0x1', fw('timestamp', 'CurrentTimeMicroseconds')));
  const keyBytes = (k) => stateKey.schema.encode(k);
  const feeTag = { $kind: 'struct', value: fw('transaction_fee', 'FeeStatement') };
  const blockTag = { $kind: 'struct', value: fw('block', 'NewBlockEvent') };
  const epochTag = { $kind: 'struct', value: fw('reconfiguration', 'NewEpochEvent') };
  const acc = accumulator(SEED.node);
  let version = 0n;
  let height = 0;

  function record(txn, changes, events, hash = sha3(PREFIX, transaction.schema.encode(txn))) {
    const ws = { $kind: 'V0', value: changes.sort((a, b) => compareBytes(keyBytes(a.key), keyBytes(b.key))) };
    const info = { $kind: 'V0', value: { gasUsed: 9n, status: { $kind: 'Success' }, transactionHash: hash, eventRootHash: eventRoot(events), stateChangeHash: sha3(SEED.writeSet, writeSet.schema.encode(ws)), stateCheckpointHash: null, auxiliaryInfoHash: null } };
    acc.append(sha3(SEED.info, transactionInfo.schema.encode(info)));
    return { version: version++, transaction: txn, info, events, accumulatorRootHash: acc.root(), changes: ws };
  }

  function block(h) {
    const txs = [];
    const time = 1_700_000_000_000_000n + BigInt(h) * 1_000_000n;
    const bev = (id, epoch, round, proposer) =>
      ({ $kind: 'V1', value: { key: { creationNumber: 3n, accountAddress: '0x1' }, sequenceNumber: BigInt(h), typeTag: blockTag, eventData: newBlockEvent.encode({ hash: id, epoch, round, height: BigInt(h), previousBlockVotesBitvec: new Uint8Array(0), proposer, failedProposerIndices: [], timeMicroseconds: h === 0 ? 0n : time }) } });
    if (h === 0) {
      const changes = [{ key: chainIdKey, value: { $kind: 'Creation', value: new Uint8Array([4]) } }, { key: timeKey, value: { $kind: 'Creation', value: bcs.u64.encode(0n) } }];
      const events = [{ $kind: 'V1', value: { key: { creationNumber: 2n, accountAddress: '0x1' }, sequenceNumber: 0n, typeTag: epochTag, eventData: bcs.u64.encode(1n) } }, bev(new Uint8Array(32), 0n, 0n, '0x0')];
      txs.push(record({ $kind: 'GenesisTransaction', value: { $kind: 'Direct', value: { writeSet: { $kind: 'V0', value: changes }, events } } }, changes, events));
      return bcsBlock.schema.encode({ blockHeight: 0n, blockHash: new Uint8Array(32), blockTimestamp: 0n, firstVersion: 0n, lastVersion: 0n, transactions: txs });
    }
    const id = sha3(new Uint8Array([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]));
    const proposer = addr(0);
    txs.push(record(
      { $kind: 'BlockMetadata', value: { id, epoch: 1n, round: BigInt(h), proposer, previousBlockVotesBitvec: new Uint8Array(0), failedProposerIndices: [], timestampUsecs: time } },
      [{ key: timeKey, value: { $kind: 'Modification', value: bcs.u64.encode(time) } }],
      [bev(id, 1n, BigInt(h), proposer)],
    ));
    for (let i = 0; i < perBlock; i++) {
      const s = (h * perBlock + i) % senders;
      const r = (s * 7 + 13) % senders;
      const txn = {
        $kind: 'UserTransaction',
        value: {
          rawTxn: {
            sender: addr(s),
            sequenceNumber: seq[s]++,
            payload: { $kind: 'EntryFunction', value: { module: { address: '0x1', name: 'aptos_account' }, function: 'transfer', typeArgs: [], args: [bcs.address.encode(addr(r)), bcs.u64.encode(1000n)] } },
            maxGasAmount: 2000n,
            gasUnitPrice: 100n,
            expirationTimestampSecs: 1_700_000_600n,
            chainId: 4,
          },
          authenticator: { $kind: 'Ed25519', value: { publicKey: new Uint8Array(32), signature: new Uint8Array(64) } },
        },
      };
      const changes = [
        { key: accountKeys[s], value: { $kind: 'Modification', value: new Uint8Array(32 + 8 + 8 + 40 + 40 + 2).fill(s & 0xff) } },
        { key: groupKeys[s], value: { $kind: 'Modification', value: new Uint8Array(120).fill(1) } },
        { key: groupKeys[r], value: { $kind: 'Modification', value: new Uint8Array(120).fill(2) } },
      ].filter((c, j, all) => all.findIndex((d) => d.key === c.key) === j);
      txs.push(record(txn, changes, [{ $kind: 'V2', value: { typeTag: feeTag, eventData: new Uint8Array(40) } }]));
    }
    txs.push(record({ $kind: 'StateCheckpoint', value: id }, [], []));
    return bcsBlock.schema.encode({ blockHeight: BigInt(h), blockHash: id, blockTimestamp: time, firstVersion: txs[0].version, lastVersion: txs[txs.length - 1].version, transactions: txs });
  }

  return {
    next(n) {
      const out = [];
      for (let i = 0; i < n; i++) out.push(block(height++));
      return out;
    },
  };
}

/** A ledger file of `blocks` blocks of `perBlock` transfers, generated once into the temp directory and reused. */
export function transferLedgerFile(blocks, perBlock) {
  const file = join(tmpdir(), `ledger-bcs-replica-bench-v2-${blocks}x${perBlock}.ledger`);
  if (existsSync(file)) return file;
  process.stderr.write(`generating ${blocks} blocks of ${perBlock} transfers into ${file}…\n`);
  const ledger = createMemoryLedger({ sha3: nodeSha3 });
  const chain = transferChain({ perBlock });
  for (let h = 0; h < blocks; h += 10) ledger.ingest(chain.next(Math.min(10, blocks - h)));
  writeFileSync(file, ledger.save());
  return file;
}
