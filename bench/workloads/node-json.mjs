// The node's JSON of committed transactions (issue 19): a block of 100 APT transfers (two events,
// three write-set changes each) rendered to the node's JSON text, and that text read back with every
// transaction hash and state-key hash verified, against the hand-written floor; and a real mainnet
// block's answer read the same way (issue 27). No peer renders or reads the node's transaction JSON
// from records, so there is no peer column.
import { readFileSync } from 'node:fs';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { readTransferBlock, renderTransferBlock } from '../floor/node-json.mjs';
import { readMainnetBlock } from '../floor/node-json-mainnet.mjs';
import { need, workload } from './registry.mjs';

const addr = (i) => '0x' + i.toString(16).padStart(64, '0');
const fill = (n, b) => new Uint8Array(n).fill(b);
const u64le = (v) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, BigInt(v), true);
  return b;
};
const cat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const addrBytes = (a) => Uint8Array.from(a.slice(2).match(/../g), (x) => parseInt(x, 16));
const TX_PREFIX = sha3_256(new TextEncoder().encode('APTOS::Transaction'));
const FA = (name) => ({ $kind: 'struct', value: { address: addr(1), module: 'fungible_asset', name, typeArgs: [] } });
const STORE = { address: addr(1), module: 'fungible_asset', name: 'FungibleStore', typeArgs: [] };
const CHAIN_ID = 1;
const EVENT_PREFIX = sha3_256(new TextEncoder().encode('APTOS::ContractEvent'));
const ACCUMULATOR_PREFIX = sha3_256(new TextEncoder().encode('APTOS::EventAccumulator'));
// event_root_hash of two events: the accumulator node over their hashes (ContractEvent::V2 bytes).
const eventRoot = (ours, events) => {
  const leaf = (e) => sha3_256(cat(EVENT_PREFIX, new Uint8Array([1, 7]), ours.structTag.encode(e.value.typeTag.value), new Uint8Array([e.value.eventData.length]), e.value.eventData));
  return sha3_256(cat(ACCUMULATOR_PREFIX, leaf(events[0]), leaf(events[1])));
};

function transfer(ours, i) {
  const signed = {
    rawTxn: {
      sender: addr(0x1000 + i),
      sequenceNumber: BigInt(i),
      payload: { $kind: 'EntryFunction', value: { module: { address: addr(1), name: 'aptos_account' }, function: 'transfer', typeArgs: [], args: [addrBytes(addr(0x2000 + i)), u64le(1000 + i)] } },
      maxGasAmount: 200000n,
      gasUnitPrice: 100n,
      expirationTimestampSecs: 1700000000n,
      chainId: CHAIN_ID,
    },
    authenticator: { $kind: 'Ed25519', value: { publicKey: fill(32, 7), signature: fill(64, 9) } },
  };
  const transactionHash = sha3_256(cat(TX_PREFIX, new Uint8Array([0]), ours.signedTransaction.encode(signed)));
  const storeAt = (k) => addr(0x3000 + 3 * i + k);
  const path = cat(new Uint8Array([1]), ours.structTag.encode(STORE));
  const events = ['Withdraw', 'Deposit'].map((name, k) => ({ $kind: 'V2', value: { typeTag: FA(name), eventData: cat(addrBytes(storeAt(k)), u64le(1000 + i)) } }));
  return {
    version: 1000n + BigInt(i),
    transaction: { $kind: 'UserTransaction', value: signed },
    info: { $kind: 'V0', value: { gasUsed: 12n, status: { $kind: 'Success' }, transactionHash, eventRootHash: eventRoot(ours, events), stateChangeHash: fill(32, 3), stateCheckpointHash: null, auxiliaryInfoHash: null } },
    events,
    accumulatorRootHash: fill(32, 5),
    changes: {
      $kind: 'V0',
      value: [0, 1, 2].map((k) => ({
        key: { $kind: 'AccessPath', value: { address: storeAt(k), path } },
        value: { $kind: 'Modification', value: cat(addrBytes(addr(0xa)), u64le(50_000 + i * 3 + k), new Uint8Array([0])) },
      })),
    },
  };
}

/** The block of 100 transfers the floor renders: its BCS, decoded, and the framework ABIs (bench/http/cold-render.mjs uses it too). */
export function transferBlock(ours) {
  need(ours, ['nodeBlockJson', 'parseNodeBlockJson', 'nodeJsonText', 'abiRegistry', 'bcsBlock'], 'node JSON');
  const bytes = ours.bcsBlock.schema.encode({
    blockHeight: 7n,
    blockHash: fill(32, 0xbb),
    blockTimestamp: 1700000000000000n,
    firstVersion: 1000n,
    lastVersion: 1099n,
    transactions: Array.from({ length: 100 }, (_, i) => transfer(ours, i)),
  });
  return { bytes, block: ours.bcsBlock.schema.decode(bytes), abis: ours.abiRegistry() };
}

export function nodeJsonWorkloads(ours) {
  let data;
  const input = () => {
    if (data) return data;
    const { bytes, block, abis } = transferBlock(ours);
    const text = ours.nodeJsonText(ours.nodeBlockJson(block, { abis }));
    data = { bytes, block, abis, text };
    return data;
  };
  // fixtures/real-node/mainnet/block-57347454.json (GetBlock's docs, verbatim: PROVENANCE.md), the
  // largest block of the corpus whose every transaction reads strictly; its user transaction calls
  // 0xf22bed…::coin_bridge, whose ABI comes from the corpus's modules answer of that account.
  let real;
  const mainnet = () => {
    if (real) return real;
    need(ours, ['parseNodeBlockJson', 'moduleBytecodeJson', 'abiRegistry', 'bcsBlock', 'fromHex'], 'node JSON');
    const fixture = (f) => readFileSync(new URL(`../../fixtures/real-node/mainnet/${f}`, import.meta.url), 'utf8');
    const modules = JSON.parse(fixture('modules-f22bed.json'));
    real = { text: fixture('block-57347454.json'), abis: ours.abiRegistry(modules.map((m) => ours.moduleBytecodeJson(ours.fromHex(m.bytecode)).abi)) };
    return real;
  };
  return [
    workload({
      name: 'node-json/render-block-100',
      title: "Block of 100 APT transfers (2 events, 3 changes each), value → the node's JSON text",
      category: 'records',
      inputBytes: () => input().text.length,
      impls: {
        ours: () => {
          const { block, abis } = input();
          return () => ours.nodeJsonText(ours.nodeBlockJson(block, { abis }));
        },
        floor: () => {
          const { block } = input();
          return () => renderTransferBlock(block);
        },
      },
    }),
    workload({
      name: 'node-json/read-verify-block-100',
      title: "The node's JSON text of that block → typed block, every hash verified",
      category: 'records',
      inputBytes: () => input().text.length,
      impls: {
        ours: () => {
          const { text, abis } = input();
          return () => ours.parseNodeBlockJson(text, { abis, chainId: CHAIN_ID });
        },
        floor: () => {
          const { text } = input();
          return () => ({ bcs: readTransferBlock(text, CHAIN_ID) });
        },
      },
      // Compared as the block's BCS bytes (the floor writes them directly; ours' typed value is encoded, untimed).
      normalize: { ours: (v) => Array.from(ours.bcsBlock.schema.encode(v)), floor: (v) => Array.from(v.bcs) },
    }),
    workload({
      name: 'node-json/read-verify-mainnet-block',
      title: 'Mainnet block 57347454 as a node answered it (block metadata, a coin_bridge claim, checkpoint) → typed block, every hash verified',
      category: 'records',
      inputBytes: () => mainnet().text.length,
      impls: {
        ours: () => {
          const { text, abis } = mainnet();
          return () => ours.parseNodeBlockJson(text, { abis, chainId: 1 });
        },
        floor: () => {
          const { text } = mainnet();
          return () => ({ bcs: readMainnetBlock(text, 1) });
        },
      },
      normalize: { ours: (v) => Array.from(ours.bcsBlock.schema.encode(v)), floor: (v) => Array.from(v.bcs) },
    }),
  ];
}
