// HTTP bench of the read API (issue #29): req/s and server CPU per request for a transaction by hash
// and by version (JSON), a page of resources (JSON), a module (JSON) and the gas estimate, each
// beside a bare node:http server answering the same exchange (the same status, headers and body
// bytes, precomputed) in the same run; rounds alternate the two servers, ratios are taken per round.
// Over fixtures/example-ledger.bin. Usage: npm run bench:read-api [-- --seconds 5 --rounds 3 --connections 32]
import { startServer, stopServer, timed } from './state-harness.mjs';
import { readApiBench } from './state-ledger.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const SECONDS = Number(args.seconds ?? 5);
const ROUNDS = Number(args.rounds ?? 3);
const CONNECTIONS = Number(args.connections ?? 32);
const WARMUP = 2;

const { file, workloads: WORKLOADS } = readApiBench();
const PATHS = WORKLOADS.map((w) => [w.path, w.accept]);

const measure = (server, w) => timed(server, w, { warmup: WARMUP, seconds: SECONDS, connections: CONNECTIONS });

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => Math.round(n).toLocaleString('en-US');
console.log(`read-API bench: ${ROUNDS} rounds × ${SECONDS} s per server and workload (after ${WARMUP} s warm-up), ${CONNECTIONS} keep-alive connections, node ${process.version}`);
const results = new Map(WORKLOADS.map((w) => [w.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of round % 2 ? ['ledger', 'floor'] : ['floor', 'ledger']) {
    const server = await startServer(kind, file, PATHS);
    try {
      for (const w of WORKLOADS) results.get(w.name).push({ kind, ...(await measure(server, w)) });
    } finally {
      await stopServer(server);
    }
  }
}
console.log('');
console.log('| workload | ours req/s | floor req/s | ours / floor (rounds) | ours CPU/req | floor CPU/req | target |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const w of WORKLOADS) {
  const rs = results.get(w.name);
  const ours = rs.filter((r) => r.kind === 'ledger');
  const floor = rs.filter((r) => r.kind === 'floor');
  const ratios = ours.map((o, i) => o.rps / floor[i].rps);
  console.log(
    `| ${w.name} | ${fmt(median(ours.map((r) => r.rps)))} | ${fmt(median(floor.map((r) => r.rps)))} | ${(100 * median(ratios)).toFixed(0)} % (${(100 * Math.min(...ratios)).toFixed(0)}–${(100 * Math.max(...ratios)).toFixed(0)} %) | ` +
      `${median(ours.map((r) => r.cpuPerReq)).toFixed(1)} µs | ${median(floor.map((r) => r.cpuPerReq)).toFixed(1)} µs | ≥ 75 % |`,
  );
}
