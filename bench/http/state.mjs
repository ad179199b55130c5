// HTTP bench of the state endpoints (issue #20): req/s and server CPU per request for account,
// balance, transaction summaries (25) and a block of 100 transactions (BCS and JSON), each beside a
// bare node:http server answering the same exchange (the same status, headers and body bytes,
// precomputed) in the same run. Rounds alternate the two servers; ratios are taken per round.
// Usage: npm run bench:state [-- --seconds 5 --rounds 3 --connections 32 --only NAME_PREFIX]
import { request } from 'node:http';
import { serverCpu as cpu, startServer, stopServer, timed } from './state-harness.mjs';
import { stateBench } from './state-ledger.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const SECONDS = Number(args.seconds ?? 5);
const ROUNDS = Number(args.rounds ?? 3);
const CONNECTIONS = Number(args.connections ?? 32);
const WARMUP = 2;

const { file, workloads } = stateBench();
const WORKLOADS = workloads.filter((w) => args.only === undefined || w.name.startsWith(args.only));
// Issue 32's targets (ours / floor, warm).
const TARGETS = { account: '≥ 85 %', balance: '≥ 85 %', 'summaries (25)': '≥ 85 %', 'block 100 txns, JSON': '≥ 50 %' };
const PATHS = WORKLOADS.map((w) => [w.path, w.accept]);

// The first answer of a workload on a fresh server (nothing kept yet): wall time and server CPU.
async function first(server, w) {
  const c0 = await cpu(server);
  const t0 = performance.now();
  // node:http, not fetch: fetch adds an accept header the bench's requests do not send.
  const status = await new Promise((resolve, reject) => {
    const req = request(server.url + w.path, { headers: w.accept ? { accept: w.accept } : {}, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
  const ms = performance.now() - t0;
  if (status !== 200) throw new Error(`${w.name}: first answer ${status}`);
  return { firstMs: ms, firstCpuUs: (await cpu(server)) - c0 };
}

async function measure(server, w) {
  const cold = await first(server, w);
  return { ...cold, ...(await timed(server, w, { warmup: WARMUP, seconds: SECONDS, connections: CONNECTIONS })) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(`state-endpoint bench: ${ROUNDS} rounds × ${SECONDS} s per server and workload (after ${WARMUP} s warm-up), ${CONNECTIONS} keep-alive connections, node ${process.version}`);
const results = new Map(WORKLOADS.map((w) => [w.name, []]));
const coldBlocks = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of round % 2 ? ['ledger', 'floor'] : ['floor', 'ledger']) {
    const server = await startServer(kind, file, PATHS);
    try {
      for (const w of WORKLOADS) {
        const m = await measure(server, w);
        results.get(w.name).push({ kind, round, ...m });
      }
      // A block not asked before, in a server past its warm-up: the cold render itself.
      if (kind === 'ledger') coldBlocks.push(await first(server, { name: 'another block', path: '/v1/blocks/by_height/17?with_transactions=true' }));
    } finally {
      await stopServer(server);
    }
  }
}
console.log('');
console.log('| workload | ours req/s | floor req/s | ours / floor (rounds) | ours CPU/req | floor CPU/req | ours − floor CPU | ours first answer: wall, server CPU (rounds) | target |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const w of WORKLOADS) {
  const rs = results.get(w.name);
  const ours = rs.filter((r) => r.kind === 'ledger');
  const floor = rs.filter((r) => r.kind === 'floor');
  const ratios = ours.map((o, i) => o.rps / floor[i].rps);
  const target = TARGETS[w.name] ?? '–';
  const ocpu = median(ours.map((r) => r.cpuPerReq));
  const fcpu = median(floor.map((r) => r.cpuPerReq));
  const firsts = ours.map((r) => `${r.firstMs.toFixed(1)} ms/${(r.firstCpuUs / 1000).toFixed(1)} ms`).join(', ');
  console.log(
    `| ${w.name} | ${fmt(median(ours.map((r) => r.rps)))} | ${fmt(median(floor.map((r) => r.rps)))} | ${(100 * median(ratios)).toFixed(0)} % (${ratios.map((x) => (100 * x).toFixed(0)).join(', ')} %) | ` +
      `${ocpu.toFixed(1)} µs | ${fcpu.toFixed(1)} µs | ${(ocpu - fcpu).toFixed(1)} µs | ${firsts} | ${target} |`,
  );
}
console.log('');
console.log(`block 17 (100 transactions, JSON) first asked after the run, warm server, each round: ${coldBlocks.map((c) => `${c.firstMs.toFixed(1)} ms wall / ${(c.firstCpuUs / 1000).toFixed(1)} ms server CPU`).join(', ')}`);
