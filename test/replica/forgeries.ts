import { addressBytes, fromHex } from '../../src/bcs/index.js';
import { resourceKey } from '../../src/ledger/index.js';
import { CHAIN_ID_KEY, nodeSha3, TIMESTAMP_KEY } from '../../src/ledger/internal.js';
import { encodeTypeTagString } from '../../src/move/index.js';
import { bcsBlock, contractEvent, stateKey, transaction, transactionInfo, writeSet, type BcsBlock } from '../../src/records/index.js';
import { framework } from '../../src/replica/verify/framework.js';
import { appendLeaf, emptyAccumulator, eventRoot, hashers, infoHash, rootHash } from '../../src/replica/verify/hashers.js';

// The tampering suite's forgeries: each edits the example ledger's blocks as a proxy between a follower
// and its upstream could, and recomputes every hash a forger can (the transaction hash, the event root,
// the state change hash; the accumulator roots only in `fork`, which rewrites every later root too).
// Names are the rows of docs/replica.md's table "The tampering suite".

type Tx = NonNullable<BcsBlock['transactions']>[number];
export type Chain = BcsBlock[];

const h = hashers(nodeSha3);
const fw = framework();
const FUNGIBLE_STORE = encodeTypeTagString('0x1::fungible_asset::FungibleStore').subarray(1);
const forged = (label: string) => nodeSha3([new TextEncoder().encode(`forged ${label}`)]);

/** Recomputes what the info commits to: transaction hash, event root, state change hash. */
export function rehash(t: Tx): void {
  const info = t.info.value;
  info.transactionHash = h.sha3([h.transaction, transaction.schema.encode(t.transaction)]);
  info.eventRootHash = eventRoot(h, t.events.map((e) => contractEvent.schema.encode(e)));
  info.stateChangeHash = h.sha3([h.writeSet, writeSet.schema.encode(t.changes)]);
}

/** Every accumulator root recomputed from genesis (a self-consistent fork). */
function reroot(chain: Chain): void {
  const acc = emptyAccumulator();
  for (const b of chain) {
    for (const t of b.transactions!) {
      appendLeaf(h, h.transactionNode, acc, infoHash(h, transactionInfo.schema.encode(t.info)));
      t.accumulatorRootHash = rootHash(h, h.transactionNode, acc);
    }
  }
}

/** Versions from block `after + 1` on shifted by `delta`, as a forger renumbering the rest does. */
function renumberAfter(chain: Chain, after: number, delta: bigint): void {
  for (const b of chain.slice(after + 1)) {
    b.firstVersion += delta;
    b.lastVersion += delta;
    for (const t of b.transactions!) t.version += delta;
  }
}

/** Versions of block `b`'s transactions in position order, and its last_version. */
function renumberBlock(b: BcsBlock): void {
  b.transactions!.forEach((t, i) => (t.version = b.firstVersion + BigInt(i)));
  b.lastVersion = b.firstVersion + BigInt(b.transactions!.length) - 1n;
}

const txs = (b: BcsBlock) => b.transactions!;
const user = (b: BcsBlock, i = 1) => txs(b)[i]!;
const writes = (t: Tx) => t.changes.value;
const keyOf = (w: { key: unknown }) => stateKey.schema.encode(w.key as never);
/** The bytes a Creation or Modification writes. */
const written = (w: { value: { $kind: string } }) => (w.value as unknown as { value: Uint8Array }).value;

function newBlockEvent(b: BcsBlock) {
  const e = txs(b)[0]!.events.find((x) => x.$kind === 'V1' && x.value.sequenceNumber === b.blockHeight)!;
  return { event: e, data: fw.newBlockEvent.decode(e.value.eventData) };
}

function setMetadata(b: BcsBlock, edit: (m: { id: Uint8Array; proposer: string; timestampUsecs: bigint }) => void): void {
  const t = txs(b)[0]!.transaction;
  if (t.$kind === 'BlockMetadata') edit(t.value as never);
  else if (t.$kind === 'BlockMetadataExt') edit(t.value.value as never);
  else throw new Error('not a block metadata transaction');
}

function setTimestamp(b: BcsBlock, usecs: bigint): void {
  b.blockTimestamp = usecs;
  setMetadata(b, (m) => (m.timestampUsecs = usecs));
  const { event, data } = newBlockEvent(b);
  event.value.eventData = fw.newBlockEvent.encode({ ...data, timeMicroseconds: usecs });
  const w = writes(txs(b)[0]!).find((x) => sameBytes(keyOf(x), TIMESTAMP_KEY))!;
  const v = new Uint8Array(8);
  new DataView(v.buffer).setBigUint64(0, usecs, true);
  w.value = { $kind: 'Modification', value: v } as never;
  rehash(txs(b)[0]!);
}

function addWrite(t: Tx, key: Uint8Array, value: Uint8Array): void {
  writes(t).push({ key: stateKey.schema.decode(key), value: { $kind: 'Creation', value } } as never);
  writes(t).sort((a, b) => compare(keyOf(a), keyOf(b)));
  rehash(t);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
const compare = (a: Uint8Array, b: Uint8Array) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
};

function changeBalance(t: Tx): void {
  const w = writes(t).find((x) => x.value.$kind === 'Modification' && indexOf(written(x), FUNGIBLE_STORE) >= 0)!;
  const v = written(w).slice();
  const at = indexOf(v, FUNGIBLE_STORE) + FUNGIBLE_STORE.length + 1 + 32;
  const view = new DataView(v.buffer, v.byteOffset);
  view.setBigUint64(at, view.getBigUint64(at, true) + 1_000_000n, true);
  w.value = { $kind: 'Modification', value: v } as never;
  rehash(t);
}

function indexOf(hay: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

export interface Forgery {
  name: string;
  /** Edits `chain` (a deep copy) at block `bad`. */
  edit(chain: Chain, bad: number): void;
}

export const FORGERIES: Forgery[] = [
  { name: 'balance', edit: (c, bad) => changeBalance(user(c[bad]!)) },
  { name: 'added-account', edit: (c, bad) => addWrite(user(c[bad]!), resourceKey('0xbad', { address: '0x1', module: 'account', name: 'Account', typeArgs: [] }), written(writes(user(c[bad]!)).at(-1)!)) },
  {
    name: 'edited-event',
    edit: (c, bad) => {
      const t = user(c[bad]!);
      const d = t.events[0]!.value.eventData.slice();
      d[d.length - 1]! ^= 1;
      t.events[0]!.value.eventData = d;
      rehash(t);
    },
  },
  { name: 'dropped-event', edit: (c, bad) => (user(c[bad]!).events.splice(1, 1), rehash(user(c[bad]!))) },
  { name: 'gas-used', edit: (c, bad) => void (user(c[bad]!).info.value.gasUsed += 1n) },
  { name: 'status', edit: (c, bad) => void (user(c[bad]!).info.value.status = { $kind: 'OutOfGas' } as never) },
  {
    name: 'swapped',
    edit: (c, bad) => {
      const t = txs(c[bad]!);
      const [a, b] = [t[1]!, t[2]!];
      [t[1], t[2]] = [b, a];
      [a.accumulatorRootHash, b.accumulatorRootHash] = [b.accumulatorRootHash, a.accumulatorRootHash];
      renumberBlock(c[bad]!);
    },
  },
  { name: 'dropped-renumbered', edit: (c, bad) => (txs(c[bad]!).splice(2, 1), renumberBlock(c[bad]!), renumberAfter(c, bad, -1n)) },
  { name: 'injected-renumbered', edit: (c, bad) => (txs(c[bad]!).splice(2, 0, structuredClone(user(c[bad - 2]!))), renumberBlock(c[bad]!), renumberAfter(c, bad, 1n)) },
  {
    name: 'transaction-rehashed',
    edit: (c, bad) => {
      const t = user(c[bad]!);
      if (t.transaction.$kind !== 'UserTransaction') throw new Error('not a user transaction');
      t.transaction.value.rawTxn.maxGasAmount += 1n;
      rehash(t);
    },
  },
  {
    name: 'block-hash',
    edit: (c, bad) => {
      const b = c[bad]!;
      const id = forged('block id');
      b.blockHash = id;
      setMetadata(b, (m) => (m.id = id));
      const { event, data } = newBlockEvent(b);
      event.value.eventData = fw.newBlockEvent.encode({ ...data, hash: id });
      const end = txs(b).at(-1)!.transaction;
      if (end.$kind === 'BlockEpilogue') end.value.value.blockId = id;
      else if (end.$kind === 'StateCheckpoint') end.value = id;
      rehash(txs(b)[0]!);
      rehash(txs(b).at(-1)!);
    },
  },
  { name: 'block-timestamp', edit: (c, bad) => setTimestamp(c[bad]!, c[bad]!.blockTimestamp + 1n) },
  {
    name: 'proposer',
    edit: (c, bad) => {
      const b = c[bad]!;
      const p = `0x${'ab'.repeat(32)}`;
      setMetadata(b, (m) => (m.proposer = p));
      const { event, data } = newBlockEvent(b);
      event.value.eventData = fw.newBlockEvent.encode({ ...data, proposer: addressBytes(p) });
      rehash(txs(b)[0]!);
    },
  },
  { name: 'state-chain-id', edit: (c, bad) => addWrite(user(c[bad]!), CHAIN_ID_KEY, new Uint8Array([1])) },
  {
    name: 'state-timestamp',
    edit: (c, bad) => {
      const t = txs(c[bad]!)[0]!;
      const w = writes(t).find((x) => sameBytes(keyOf(x), TIMESTAMP_KEY))!;
      w.value = { $kind: 'Modification', value: fromHex('0000000000000040') } as never; // 2^62 µs: far in the future
      rehash(t);
    },
  },
  { name: 'last-dropped', edit: (c, bad) => (txs(c[bad]!).pop(), renumberBlock(c[bad]!)) },
  { name: 'header-timestamp', edit: (c, bad) => void (c[bad]!.blockTimestamp += 1n) },
  { name: 'header-hash', edit: (c, bad) => void (c[bad]!.blockHash = forged('header hash')) },
  {
    name: 'epilogue-block-id',
    edit: (c, bad) => {
      const t = txs(c[bad]!).at(-1)!;
      if (t.transaction.$kind === 'BlockEpilogue') t.transaction.value.value.blockId = forged('epilogue');
      else if (t.transaction.$kind === 'StateCheckpoint') t.transaction.value = forged('checkpoint');
      rehash(t);
    },
  },
  { name: 'new-block-event-dropped', edit: (c, bad) => (txs(c[bad]!)[0]!.events.splice(0, 1), rehash(txs(c[bad]!)[0]!)) },
  { name: 'accumulator-root', edit: (c, bad) => void (user(c[bad]!).accumulatorRootHash = forged('root')) },
  { name: 'time-backwards', edit: (c, bad) => setTimestamp(c[bad]!, c[bad - 1]!.blockTimestamp - 1n) },
  { name: 'fork', edit: (c, bad) => (changeBalance(user(c[bad]!)), reroot(c)) },
];

/** The forged blocks by height: those that differ from the honest chain. */
export function forge(honest: readonly Uint8Array[], f: Forgery, bad: number): Map<number, Uint8Array> {
  const chain = honest.map((b) => bcsBlock.schema.decode(b));
  f.edit(chain, bad);
  const out = new Map<number, Uint8Array>();
  chain.forEach((b, i) => {
    const bytes = bcsBlock.schema.encode(b);
    if (!sameBytes(bytes, honest[i]!)) out.set(i, bytes);
  });
  return out;
}
