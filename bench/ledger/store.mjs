// LMDB ledger store bench (issue 30), beside the memory ledger in one run. Not a timed test: run with
//   npm run bench:store [-- --transactions 200000 --reads 200000 --big 2000000 --seconds 5 --http 1]
// (--big 0 and --http 0 leave out sections 4 and 3.)
// 1. ingest tx/s into a store, relaxed durability and fsync per commit (and the memory ledger), with
//    the main thread's longest stall (event-loop delay max) while ingest runs;
// 2. point reads (state at a random version) from the store and the memory ledger, in CPU time a read;
// 3. account and balance over HTTP from a store beside the same-shape floor (bench/http/state.mjs's
//    method: a bare node:http server answering the very same bytes);
// 4. a store grown past --big transactions: disk bytes per transaction, and the RSS of a process
//    serving account reads from it.
// Blocks are bench/ledger/transfer-blocks.mjs's: the example ledger's 100-transaction transfer block,
// repeated with versions and heights moved on (every copy still checks out).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createMemoryLedger, resourceKey } from '../../dist/ledger/index.js';
import { nodeSha3 } from '../../dist/ledger/node.js';
import { openLedgerStore } from '../../dist/ledger/store.js';
import { repeatedTransferBlocks } from './transfer-blocks.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const TOTAL = Number(args.transactions ?? 200_000);
const READS = Number(args.reads ?? 200_000);
const BIG = Number(args.big ?? 2_000_000);
const SECONDS = Number(args.seconds ?? 5);
const HTTP = args.http !== '0';
const BLOCKS_PER_INGEST = Number(args['blocks-per-ingest'] ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-store-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

const { example, genesis, perBlock, blockAt } = repeatedTransferBlocks();
/** Feeds `count` transactions of generated blocks after the ledger's head, two ingests in flight. */
async function feed(ledger, count) {
  let info = ledger.ledgerInfo();
  let height = Number(info.blockHeight) + 1;
  let next = Number(info.ledgerVersion) + 1;
  let prev;
  let done = 0;
  while (done < count) {
    const batch = [];
    for (let i = 0; i < BLOCKS_PER_INGEST && done < count; i++, done += perBlock) {
      batch.push(blockAt(height++, next));
      next += perBlock;
    }
    const c0 = performance.now();
    const p = ledger.ingest(batch);
    feed.longestCall = Math.max(feed.longestCall ?? 0, performance.now() - c0);
    if (prev !== undefined) await prev;
    prev = p;
  }
  await prev;
  return done;
}
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const rows = [];
const row = (what, value, target = '–', note = '') => rows.push(`| ${what} | ${value} | ${target} | ${note} |`);

// 1. Ingest.
async function ingestRun(name, ledger) {
  await ledger.ingest(genesis);
  feed.longestCall = 0;
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const t0 = performance.now();
  const n = await feed(ledger, TOTAL);
  const ms = performance.now() - t0;
  loop.disable();
  // The loop-delay histogram sees no turn while a synchronous ingest runs: take the longest call too.
  return { name, tps: (n * 1000) / ms, stallMs: Math.max(loop.max / 1e6, feed.longestCall), n };
}
console.error(`store bench: ${fmt(TOTAL)} transactions a run, node ${process.version}`);
const memory = createMemoryLedger({ sha3: nodeSha3 });
const runs = [
  await ingestRun('memory ledger', { ingest: async (b) => memory.ingest(b), ledgerInfo: () => memory.ledgerInfo() }),
  await ingestRun('store, relaxed', await openLedgerStore(join(dir, 'relaxed'), { durability: 'relaxed' })),
  await ingestRun('store, fsync per commit', await openLedgerStore(join(dir, 'fsync'), { durability: 'fsync' })),
];
for (const r of runs) row(`ingest: ${r.name}`, `${fmt(r.tps)} tx/s (longest main-thread stall ${r.stallMs.toFixed(1)} ms)`, r.name.includes('relaxed') ? '≥ 20,000 tx/s' : r.name.includes('fsync') ? '≥ 5,000 tx/s' : '–', `${BLOCKS_PER_INGEST} blocks of ${perBlock} a commit`);

// 2. Point reads: the account resource of random users at random versions.
const store = await openLedgerStore(join(dir, 'relaxed'));
const info = store.ledgerInfo();
const users = example.accounts.users;
const keys = users.map((u) => resourceKey(u, { address: '0x1', module: 'account', name: 'Account', typeArgs: [] }));
let seed = 1;
const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
const probes = Array.from({ length: 4096 }, () => [keys[rand(keys.length)], info.oldestLedgerVersion + BigInt(rand(Number(info.ledgerVersion - info.oldestLedgerVersion)))]);
// Timed by this process's CPU time (user + system), not the wall clock, which other processes on a
// shared machine stretch; three rounds in turn (memory, store, uncached store), each ledger's median.
function reads(l, at = probes) {
  let found = 0;
  const c0 = process.cpuUsage();
  for (let i = 0; i < READS; i++) {
    const [k, v] = at[i & 4095];
    if (l.stateValue(k, v) !== undefined) found++;
  }
  const c = process.cpuUsage(c0);
  return { ns: ((c.user + c.system) * 1000) / READS, found };
}
// The same probes from a store without its state cache (cacheBytes 0): every read is the store's own
// LMDB read (state-seek.ts: one cursor positioning among the key's writes), the cost of a read the
// cache has not seen.
const cold = await openLedgerStore(join(dir, 'relaxed'), { cacheBytes: 0 });
const ledgers = { memory, store, cold };
for (const l of Object.values(ledgers)) reads(l);
const rounds = { memory: [], store: [], cold: [] };
for (let r = 0; r < 3; r++) for (const [name, l] of Object.entries(ledgers)) rounds[name].push(reads(l));
const median = (rs) => rs.map((x) => x.ns).sort((a, b) => a - b)[1];
const [rm, rs, rc] = ['memory', 'store', 'cold'].map((n) => ({ ns: median(rounds[n]), found: rounds[n][0].found }));
if (rm.found !== rs.found || rm.found !== rc.found) throw new Error(`point reads differ: memory found ${rm.found}, store ${rs.found}, uncached ${rc.found}`);
const perRead = (x) => `${x.ns.toFixed(0)} ns CPU a read`;
row('point reads: memory ledger', perRead(rm), '–', `median of 3 rounds of ${fmt(READS)}; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
row('point reads: store', `${perRead(rs)} (${(rs.ns / rm.ns).toFixed(2)}× the memory ledger's)`, '≤ 2×', '4,096 probes repeated: served by the state cache');
row('point reads: store, no cache', `${perRead(rc)} (${(rc.ns / rm.ns).toFixed(2)}× the memory ledger's)`, '≤ 2×', 'each read one LMDB cursor positioning');
// The same keys at the latest version (a REST read without ledger_version), for comparison only.
const latest = probes.map(([k]) => [k, info.ledgerVersion]);
const head = { memory: [], cold: [] };
for (let r = 0; r < 3; r++) for (const name of ['memory', 'cold']) head[name].push(reads(ledgers[name], latest));
const [hm, hc] = ['memory', 'cold'].map((n) => median(head[n]));
row('point reads at the latest version: store, no cache', `${hc.toFixed(0)} ns CPU a read (${(hc / hm).toFixed(2)}× the memory ledger's ${hm.toFixed(0)} ns)`, '–', 'the same keys, each at the ledger version');
await cold.close();
await store.close();

// 3. HTTP: account and balance from a store, beside the same-shape floor.
const user = users[0];
const WORKLOADS = [
  { name: 'account', path: `/v1/accounts/${user}` },
  { name: 'balance', path: `/v1/accounts/${user}/balance/0x1::aptos_coin::AptosCoin` },
];
async function server(kind) {
  const child = spawn(process.execPath, [new URL('store-server.mjs', import.meta.url).pathname, kind, join(dir, 'relaxed'), JSON.stringify(WORKLOADS.map((w) => w.path))], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = await once(child.stdout, 'data');
  return { child, url: `http://127.0.0.1:${String(chunk).trim()}` };
}
const cannon = (url, seconds) => new Promise((resolve, reject) => autocannon({ url, connections: 32, duration: seconds }, (e, r) => (e ? reject(e) : resolve(r))));
const http = new Map(WORKLOADS.map((w) => [w.name, []]));
for (const kind of HTTP ? ['floor', 'store', 'store', 'floor'] : []) {
  const s = await server(kind);
  for (const w of WORKLOADS) {
    await cannon(s.url + w.path, 1);
    const r = await cannon(s.url + w.path, SECONDS);
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${w.name} on ${kind}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    http.get(w.name).push({ kind, rps: r.requests.average });
  }
  s.child.kill('SIGTERM');
  await once(s.child, 'exit');
}
for (const [name, rs2] of HTTP ? http : []) {
  const mean = (k) => rs2.filter((r) => r.kind === k).reduce((a, r) => a + r.rps, 0) / 2;
  row(`HTTP ${name}: store / floor`, `${fmt(mean('store'))} / ${fmt(mean('floor'))} req/s = ${((100 * mean('store')) / mean('floor')).toFixed(0)} %`, '≥ 75 %');
}

// 4. A store grown past BIG transactions: disk per transaction, RSS serving it.
if (BIG > 0) {
  const big = await openLedgerStore(join(dir, 'big'), { durability: 'relaxed' });
  await big.ingest(genesis);
  const t0 = performance.now();
  const n = await feed(big, BIG);
  const secs = (performance.now() - t0) / 1000;
  const count = Number(big.ledgerInfo().ledgerVersion) + 1;
  await big.close();
  const bytes = readdirSync(join(dir, 'big')).reduce((s, f) => s + statSync(join(dir, 'big', f)).size, 0);
  row(`store of ${fmt(count)} transactions`, `${fmt(bytes / count)} disk bytes/tx (${(bytes / 2 ** 30).toFixed(2)} GiB; grown at ${fmt(n / secs)} tx/s)`);
  const s = await server('store-rss');
  for (const w of WORKLOADS) await cannon(s.url + w.path, Math.max(2, SECONDS));
  s.child.kill('SIGUSR2');
  const [rss] = await once(s.child.stdout, 'data');
  s.child.kill('SIGTERM');
  await once(s.child, 'exit');
  row(`RSS serving the ${fmt(count)}-transaction store`, `${(Number(String(rss).trim()) / 2 ** 20).toFixed(0)} MB (after ${Math.max(2, SECONDS) * 2} s of account and balance reads)`, '< 300 MB');
}

console.log('| measure | result | target | note |');
console.log('| --- | --- | --- | --- |');
for (const r of rows) console.log(r);
writeFileSync(join(tmpdir(), 'ledger-bcs-store-bench.md'), rows.join('\n'));
