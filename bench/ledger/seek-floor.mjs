// The floors under a store's uncached point read (issue 30: point reads ≤ 2× the memory ledger), in
// one process beside the memory ledger, in CPU time a read (median of 5 rounds):
//   node scripts/build.mjs && node bench/ledger/seek-floor.mjs [--transactions 50000 --reads 200000]
// Rows, for bench/ledger/store.mjs's probes (users' 0x1::account::Account at random versions, and at
// the latest version):
// - memory ledger, and the store with cacheBytes 0 (what bench:store reports);
// - lmdb-js range read: the store's own positioning (state-seek.ts: a reused `getValues` iterable,
//   reverse, limit 1; with no start at the latest version) with the value left in lmdb-js's buffer:
//   the least a read through lmdb-js's range API costs, before the store copies the value out;
// - lmdb-js exact get (`getBinaryFast` of the key: its first write), the least any lmdb-js read costs;
// - addon position: the same positioning by lmdb-js's native `position` on a cursor of our own,
//   bypassing read.js (node_modules/lmdb/read.js `getRange`, src/cursor.cpp doPosition). Not a
//   public API (its key-buffer protocol and read-transaction handling are lmdb-js's internals): it
//   measures what lmdb-js's JavaScript costs, nothing the store may use.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { open } from 'lmdb';
import { createMemoryLedger, resourceKey } from '../../dist/ledger/index.js';
import { nodeSha3 } from '../../dist/ledger/node.js';
import { openLedgerStore } from '../../dist/ledger/store.js';
import { repeatedTransferBlocks } from './transfer-blocks.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const TOTAL = Number(args.transactions ?? 50_000);
const READS = Number(args.reads ?? 200_000);
const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-seek-floor-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const { example, genesis, perBlock, blockAt } = repeatedTransferBlocks();
const memory = createMemoryLedger({ sha3: nodeSha3 });
const built = await openLedgerStore(dir, { durability: 'relaxed' });
for (const l of [memory, built]) {
  await l.ingest(genesis);
  const info = l.ledgerInfo();
  let height = Number(info.blockHeight) + 1;
  let next = Number(info.ledgerVersion) + 1;
  for (let done = 0; done < TOTAL; ) {
    const batch = [];
    for (let i = 0; i < 10 && done < TOTAL; i++, done += perBlock, next += perBlock) batch.push(blockAt(height++, next));
    await l.ingest(batch);
  }
}
await built.close();
const cold = await openLedgerStore(dir, { cacheBytes: 0 });
const info = cold.ledgerInfo();
const keys = example.accounts.users.map((u) => resourceKey(u, { address: '0x1', module: 'account', name: 'Account', typeArgs: [] }));
let seed = 1;
const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
const probes = Array.from({ length: 4096 }, () => [keys[rand(keys.length)], info.oldestLedgerVersion + BigInt(rand(Number(info.ledgerVersion - info.oldestLedgerVersion)))]);
const latest = probes.map(([k]) => [k, info.ledgerVersion]);

// The store's `state` table (keys.ts: a key's writes as sorted duplicates, version ‖ tag ‖ value).
const env = open({ path: dir, maxDbs: 16, encoding: 'binary', keyEncoding: 'binary', compression: false });
// u64 big-endian as the store writes them (keys.ts writeU64, readU64), without a BigInt a read.
function u64(out, at, n) {
  const hi = Math.floor(n / 0x1_0000_0000);
  out[at] = hi >>> 24;
  out[at + 1] = (hi >>> 16) & 0xff;
  out[at + 2] = (hi >>> 8) & 0xff;
  out[at + 3] = hi & 0xff;
  out[at + 4] = n >>> 24;
  out[at + 5] = (n >>> 16) & 0xff;
  out[at + 6] = (n >>> 8) & 0xff;
  out[at + 7] = n & 0xff;
}
const versionOf = (b) => ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) * 0x1_0000_0000 + (((b[4] << 24) | (b[5] << 16) | (b[6] << 8) | b[7]) >>> 0);
function rangeRead() {
  const sought = { form: new Uint8Array(0) };
  const after = new Uint8Array(8);
  let found = -1;
  const db = env.openDB({ name: 'state', dupSort: true, compression: false, keyEncoder: { writeKey: (k, t, at) => (t.set(k.form, at), at + k.form.length), readKey: () => null }, encoder: { needsStableBuffer: false, encode: (v) => v, decode: (b) => ((found = versionOf(b)), null) } });
  const writes = db.getValues(sought, { start: after, reverse: true, limit: 1 });
  // At the ledger version, the key's last write (no start), as the store reads it there.
  const last = db.getValues(sought, { reverse: true, limit: 1 });
  const head = Number(info.ledgerVersion);
  return (form, v) => {
    sought.form = form;
    u64(after, 0, v + 1);
    const it = (v === head ? last : writes).iterate();
    const r = it.next();
    it.return();
    return r.done ? -1 : found;
  };
}
let keyBuffer;
const plain = env.openDB({ name: 'state', dupSort: true, compression: false, encoding: 'binary', keyEncoder: { writeKey: (k, t, at) => ((keyBuffer = t), t.set(k, at), at + k.length), readKey: () => null } });
const exactGet = (form) => {
  const b = plain.getBinaryFast(form);
  return b === undefined ? -1 : versionOf(b);
};
// lmdb-js's addon, by its file (the package exports only its entry): see the header.
const lmdbDir = dirname(createRequire(import.meta.url).resolve('lmdb'));
const { nativeAddon } = await import(pathToFileURL(join(lmdbDir.replace(/dist$/, ''), 'native.js')).href);
function addonPosition() {
  plain.getBinaryFast(keys[0]);
  const kv = new DataView(keyBuffer.buffer, keyBuffer.byteOffset);
  const start = new Uint8Array(new ArrayBuffer(64));
  const startAddress = nativeAddon.getAddress(start.buffer);
  new DataView(start.buffer).setUint32(0, 8, true);
  const values = nativeAddon.globalBuffer;
  plain.ensureReadTxn();
  const cursor = new nativeAddon.Cursor(plain.db, 0).address;
  // read.js getRange's flags: values 0x100, reverse 0x400, values for key 0x800, renew 0x2000;
  // cursor.cpp reads the start value's address at 4064 in the key buffer, its end (none) at 32.
  return (form, v) => {
    keyBuffer.set(form, 0);
    kv.setFloat64(4064, startAddress, true);
    u64(start, 4, v + 1);
    return nativeAddon.position(cursor, 0x100 | 0x400 | 0x800 | 0x2000, 0, form.length, startAddress + 32) > 0 ? versionOf(values) : -1;
  };
}
const number = (f) => (k, v) => f(k, Number(v));
const readers = {
  'memory ledger': (k, v) => memory.stateValue(k, v),
  'store, cacheBytes 0': (k, v) => cold.stateValue(k, v),
  'lmdb-js range read, value not copied': number(rangeRead()),
  'lmdb-js exact get (a key’s first write)': number(exactGet),
  'addon position (internal, for the floor only)': number(addonPosition()),
};
const range = readers['lmdb-js range read, value not copied'];
const addon = readers['addon position (internal, for the floor only)'];
for (const [k, v] of [...probes.slice(0, 500), ...latest.slice(0, 20)]) {
  if ((memory.stateValue(k, v) === undefined) !== (cold.stateValue(k, v) === undefined) || range(k, v) !== addon(k, v)) throw new Error(`readers differ at ${v}`);
}
function time(read, at) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < READS; i++) {
    const [k, v] = at[i & 4095];
    read(k, v);
  }
  const c = process.cpuUsage(c0);
  return ((c.user + c.system) * 1000) / READS;
}
const runs = Object.fromEntries(Object.keys(readers).map((n) => [n, { random: [], latest: [] }]));
for (const r of Object.values(readers)) time(r, probes);
for (let round = 0; round < 5; round++) {
  for (const [n, r] of Object.entries(readers)) {
    runs[n].random.push(time(r, probes));
    runs[n].latest.push(time(r, latest));
  }
}
const median = (a) => a.sort((x, y) => x - y)[2];
const base = runs['memory ledger'];
console.log(`seek floors: ${TOTAL.toLocaleString('en-US')} transactions, ${READS.toLocaleString('en-US')} reads a round, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log('| reader | random versions, ns CPU a read | at the latest version |');
console.log('| --- | --- | --- |');
for (const [n, r] of Object.entries(runs)) {
  const cell = (w) => `${median(r[w]).toFixed(0)} (${(median(r[w]) / median(base[w])).toFixed(2)}×)`;
  console.log(`| ${n} | ${cell('random')} | ${cell('latest')} |`);
}
await cold.close();
await env.close();
