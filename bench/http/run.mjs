// HTTP bench (issue #14): requests per second for the V2 transfer request through
// POST /v1/transactions/encode_submission over loopback with keep-alive, beside a bare node:http
// hello-world measured in the same run. Each server runs in its own process; autocannon drives it
// from this one. Rounds alternate the servers so drift hits both; the ratio is taken per round.
// A third server, bare node:http with the same exchange shape (POST body read and parsed, the same
// nine headers and reply length, no encoding), shows how much of the gap is HTTP rather than encoding.
// A fourth, the hand-written floor (bench/floor/encode-submission.mjs), is that server plus a hand
// encoder of this one function: what the encoding itself costs when written for this request only.
// Usage: npm run bench:http [-- --seconds 10 --rounds 4 --connections 32]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { median } from '../lib/harness.mjs';
import { V2_REQUEST } from './v2-request.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const SECONDS = Number(args.seconds ?? 10);
const ROUNDS = Number(args.rounds ?? 4);
const CONNECTIONS = Number(args.connections ?? 32);
const WARMUP = 3;

const V2_MESSAGE =
  '"0xb5e97db07fa0bd0e5598aa3643a9bc6f6693bddc1a9fec9e674a461eaa00b1931234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef' +
  '07000000000000000200000000000000000000000000000000000000000000000000000000000000010d6170746f735f6163636f756e74087472616e73666572' +
  '00022000000000000000000000000000000000000000000000000000000000000000b008e803000000000000400d030000000000640000000000000000f153650000000004"';

async function start(kind) {
  const child = spawn(process.execPath, [new URL('server.mjs', import.meta.url).pathname, kind], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = await once(child.stdout, 'data');
  return { child, url: `http://127.0.0.1:${String(chunk).trim()}` };
}

async function cpu({ child }) {
  const reply = once(child.stdout, 'data');
  child.kill('SIGUSR2');
  const { user, system } = JSON.parse(String((await reply)[0]));
  return user + system;
}

async function stop({ child }) {
  child.kill('SIGTERM');
  await once(child, 'exit');
}

function target(kind, url) {
  return kind === 'hello'
    ? { url }
    : kind === 'floor' || kind === 'floor-encode'
    ? { url, method: 'POST', headers: { 'content-type': 'application/json' }, body: V2_REQUEST }
    : { url: `${url}/v1/transactions/encode_submission`, method: 'POST', headers: { 'content-type': 'application/json' }, body: V2_REQUEST };
}

function cannon(opts, seconds) {
  return new Promise((resolve, reject) => {
    autocannon({ ...opts, connections: CONNECTIONS, pipelining: 1, duration: seconds }, (err, r) => (err ? reject(err) : resolve(r)));
  });
}

async function measure(kind) {
  const server = await start(kind);
  try {
    const opts = target(kind, server.url);
    if (kind === 'ledger' || kind === 'floor-encode') {
      const res = await fetch(opts.url, { method: 'POST', headers: opts.headers, body: opts.body });
      const text = await res.text();
      if (res.status !== 200 || text !== V2_MESSAGE) throw new Error(`ledger server answered ${res.status} ${text}`);
    }
    await cannon(opts, WARMUP);
    const cpu0 = await cpu(server);
    const r = await cannon(opts, SECONDS);
    const cpuUs = (await cpu(server)) - cpu0;
    if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) throw new Error(`${kind}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, cpuPerReq: cpuUs / r.requests.total };
  } finally {
    await stop(server);
  }
}

const fmt = (n) => Math.round(n).toLocaleString('en-US');

console.log(`HTTP bench: ${ROUNDS} rounds × ${SECONDS} s per server (after ${WARMUP} s warm-up), ${CONNECTIONS} keep-alive connections, node ${process.version}`);
const rows = [];
for (let i = 0; i < ROUNDS; i++) {
  // Each ratio from neighbours: encode_submission next to the same-shape floor, the hand-written
  // floor next to hello-world, and each pair's order swapped from one round to the next, so drift
  // within a round, and a place in it, favour neither side (on a shared 2-core VM a server's rate
  // moved ±10 % between runs 20 s apart).
  const got = {};
  const order = i % 2 === 0 ? ['floor', 'ledger', 'floor-encode', 'hello'] : ['ledger', 'floor', 'hello', 'floor-encode'];
  for (const kind of order) got[kind] = await measure(kind);
  const { hello, floor, ledger } = got;
  const hand = got['floor-encode'];
  rows.push({ hello, floor, hand, ledger, ratio: ledger.rps / hello.rps, ofFloor: ledger.rps / floor.rps, ofHand: ledger.rps / hand.rps });
  const show = (name, r) => `${name} ${fmt(r.rps)} req/s, ${r.cpuPerReq.toFixed(1)} µs CPU/req (p99 ${r.p99} ms)`;
  console.log(`round ${i + 1}: ${show('hello-world', hello)} | ${show('same-shape floor', floor)}`);
  console.log(`         ${show('hand-written floor', hand)} | ${show('encode_submission', ledger)}`);
  const r = rows[i];
  console.log(
    `         encode_submission / hello-world ${(100 * r.ratio).toFixed(1)}%, / same-shape floor ${(100 * r.ofFloor).toFixed(1)}%, ` +
      `/ hand-written floor ${(100 * r.ofHand).toFixed(1)}% (by CPU ${((100 * hand.cpuPerReq) / ledger.cpuPerReq).toFixed(1)}%)`,
  );
}
const pct = (xs) => `median ${(100 * median(xs)).toFixed(1)}%, rounds ${(100 * Math.min(...xs)).toFixed(1)}–${(100 * Math.max(...xs)).toFixed(1)}%`;
const ratios = rows.map((r) => r.ratio);
const ratio = median(ratios);
console.log('');
console.log(`hello-world (bare node:http, GET)              median ${fmt(median(rows.map((r) => r.hello.rps)))} req/s`);
console.log(`same-shape floor (bare node:http, POST, no encoding) median ${fmt(median(rows.map((r) => r.floor.rps)))} req/s`);
console.log(`hand-written floor (the same, plus a hand encoder of this function) median ${fmt(median(rows.map((r) => r.hand.rps)))} req/s`);
console.log(`encode_submission V2 transfer                  median ${fmt(median(rows.map((r) => r.ledger.rps)))} req/s`);
console.log(
  `server CPU per request, median: hello-world ${median(rows.map((r) => r.hello.cpuPerReq)).toFixed(1)} µs, ` +
    `floor ${median(rows.map((r) => r.floor.cpuPerReq)).toFixed(1)} µs, hand-written floor ${median(rows.map((r) => r.hand.cpuPerReq)).toFixed(1)} µs, encode_submission ${median(rows.map((r) => r.ledger.cpuPerReq)).toFixed(1)} µs`,
);
console.log(`capacity per CPU-second, encode_submission / hello-world: ${pct(rows.map((r) => r.hello.cpuPerReq / r.ledger.cpuPerReq))}`);
const ofFloor = rows.map((r) => r.ofFloor);
console.log(
  `encode_submission / same-shape floor: ${pct(ofFloor)}; target ≥ 80% (issue 32): ` +
    `${Math.min(...ofFloor) >= 0.8 ? 'met in every round' : median(ofFloor) >= 0.8 ? 'met on the median only' : 'NOT met'}`,
);
console.log(`encode_submission / hand-written floor: ${pct(rows.map((r) => r.ofHand))}; by CPU per request ${pct(rows.map((r) => r.hand.cpuPerReq / r.ledger.cpuPerReq))}`);
console.log(
  `encode_submission / hello-world: ${pct(ratios)}; target ≥ 70%: ` +
    `${Math.min(...ratios) >= 0.7 ? 'met in every round' : ratio >= 0.7 ? 'met on the median only' : 'NOT met'}`,
);
