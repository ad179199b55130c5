// Hand-written floors for the records workloads: one pass over a DataView, exact validation of the
// variants these inputs use (anything else fails), the same plain values as the library.
import { Cursor, fail } from './util.mjs';

const PRIM = ['bool', 'u8', 'u64', 'u128', 'address', 'signer', null, null, 'u16', 'u32', 'u256'];

function hash(c) {
  c.need(32);
  const out = c.b.slice(c.o, c.o + 32);
  c.o += 32;
  return out;
}

function optHash(c) {
  const t = c.u8();
  if (t === 0) return null;
  if (t !== 1) fail('bad option tag');
  return hash(c);
}

function count(c, min) {
  const n = c.uleb();
  if (n * min > c.end - c.o) fail('length exceeds input');
  return n;
}

function typeTag(c, depth) {
  if (depth > 8) fail('type tag too deep');
  const t = c.uleb();
  if (t === 6) return { $kind: 'vector', value: typeTag(c, depth + 1) };
  if (t === 7) {
    const address = c.address();
    const module = c.ident();
    const name = c.ident();
    const n = count(c, 1);
    const typeArgs = new Array(n);
    for (let i = 0; i < n; i++) typeArgs[i] = typeTag(c, depth + 1);
    return { $kind: 'struct', value: { address, module, name, typeArgs } };
  }
  const k = PRIM[t];
  if (!k) fail('unsupported type tag');
  return { $kind: k };
}

function fixedBytes(c, n) {
  if (c.uleb() !== n) fail('bad key length');
  c.need(n);
  const out = c.b.slice(c.o, c.o + n);
  c.o += n;
  return out;
}

function signedTransaction(c) {
  const sender = c.address();
  const sequenceNumber = c.u64();
  if (c.uleb() !== 2) fail('not an entry function payload');
  const address = c.address();
  const name = c.ident();
  const fn = c.ident();
  const nt = count(c, 1);
  const typeArgs = new Array(nt);
  for (let i = 0; i < nt; i++) typeArgs[i] = typeTag(c, 1);
  const na = count(c, 1);
  const args = new Array(na);
  for (let i = 0; i < na; i++) args[i] = c.bytes();
  const rawTxn = {
    sender,
    sequenceNumber,
    payload: { $kind: 'EntryFunction', value: { module: { address, name }, function: fn, typeArgs, args } },
    maxGasAmount: c.u64(),
    gasUnitPrice: c.u64(),
    expirationTimestampSecs: c.u64(),
    chainId: c.u8(),
  };
  if (c.uleb() !== 0) fail('not an Ed25519 authenticator');
  const publicKey = fixedBytes(c, 32);
  const signature = fixedBytes(c, 64);
  return { rawTxn, authenticator: { $kind: 'Ed25519', value: { publicKey, signature } } };
}

function onChain(c) {
  const version = c.u64();
  if (c.uleb() !== 0) fail('not a user transaction');
  const transaction = { $kind: 'UserTransaction', value: signedTransaction(c) };
  if (c.uleb() !== 0) fail('bad TransactionInfo variant');
  const gasUsed = c.u64();
  if (c.uleb() !== 0) fail('not Success');
  const info = {
    $kind: 'V0',
    value: {
      gasUsed,
      status: { $kind: 'Success' },
      transactionHash: hash(c),
      eventRootHash: hash(c),
      stateChangeHash: hash(c),
      stateCheckpointHash: optHash(c),
      auxiliaryInfoHash: optHash(c),
    },
  };
  const ne = count(c, 3);
  const events = new Array(ne);
  for (let i = 0; i < ne; i++) {
    if (c.uleb() !== 1) fail('not a V2 event');
    const tag = typeTag(c, 1);
    events[i] = { $kind: 'V2', value: { typeTag: tag, eventData: c.bytes() } };
  }
  const accumulatorRootHash = hash(c);
  if (c.uleb() !== 0) fail('bad WriteSet variant');
  const nw = count(c, 35);
  const changes = new Array(nw);
  let prevStart = -1;
  let prevEnd = -1;
  for (let i = 0; i < nw; i++) {
    const start = c.o;
    if (c.uleb() !== 0) fail('not an access path');
    const address = c.address();
    const path = c.bytes();
    const end = c.o;
    if (prevStart >= 0) {
      // Keys strictly increasing by their bytes (the canonical map order).
      let cmp = 0;
      const la = prevEnd - prevStart;
      const lb = end - start;
      for (let j = 0, m = Math.min(la, lb); j < m && cmp === 0; j++) cmp = c.b[prevStart + j] - c.b[start + j];
      if (cmp === 0) cmp = la - lb;
      if (cmp >= 0) fail('non-canonical map');
    }
    prevStart = start;
    prevEnd = end;
    const op = c.uleb();
    if (op !== 1) fail('not a Modification');
    changes[i] = { key: { $kind: 'AccessPath', value: { address, path } }, value: { $kind: 'Modification', value: c.bytes() } };
  }
  return { version, transaction, info, events, accumulatorRootHash, changes: { $kind: 'V0', value: changes } };
}

export function decodeBlock(bytes) {
  const c = new Cursor(bytes);
  const block = { blockHeight: c.u64(), blockHash: hash(c), blockTimestamp: c.u64(), firstVersion: c.u64(), lastVersion: c.u64(), transactions: null };
  if (c.o < c.end) {
    if (c.u8() !== 1) fail('bad option tag');
    const n = count(c, 100);
    const txs = new Array(n);
    for (let i = 0; i < n; i++) txs[i] = onChain(c);
    block.transactions = txs;
  }
  c.finish();
  return block;
}

export function decodeSummaries(bytes) {
  const c = new Cursor(bytes);
  const n = count(c, 82);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    if (c.uleb() !== 0) fail('bad summary variant');
    const sender = c.address();
    const version = c.u64();
    const transactionHash = hash(c);
    const rp = c.uleb();
    if (rp > 1) fail('bad replay protector');
    out[i] = { $kind: 'V1', value: { sender, version, transactionHash, replayProtector: { $kind: rp === 0 ? 'Nonce' : 'SequenceNumber', value: c.u64() } } };
  }
  c.finish();
  return out;
}
