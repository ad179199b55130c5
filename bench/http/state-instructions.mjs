// Server instructions per request for the state bench's workloads (or the read-API bench's), ours
// beside the floor that answers the same bytes (state-server.mjs), each server in its own process
// under callgrind (callgrind.mjs), counted over a fixed number of requests after a warm-up. A
// load-independent A/B beside bench:state's CPU time. Needs valgrind; about a minute a server.
// Usage: node bench/http/state-instructions.mjs [--set state|read-api] [--only NAME_PREFIX,…]
//        [--warm 20000] [--requests 5000] [--windows 3] [--dist dir/] [--keep DIR: leave the dumps in DIR/floor, DIR/ledger]
// Each workload's count is the median of `windows` windows in one process: counts move by ±10 % from
// one window or process to the next (when V8 optimizes, how requests batch), far more than by load.
import { mkdirSync } from 'node:fs';
import autocannon from 'autocannon';
import { callgrindWindows } from './callgrind.mjs';
import { readApiBench, stateBench } from './state-ledger.mjs';

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const WARM = Number(args.warm ?? 20000);
const WINDOWS = Number(args.windows ?? 3);
const REQUESTS = Number(args.requests ?? 5000);
const { file, workloads } = (args.set ?? 'state') === 'state' ? stateBench() : readApiBench();
const WORKLOADS = workloads.filter((w) => args.only === undefined || args.only.split(',').some((p) => w.name.startsWith(p)));
const PATHS = WORKLOADS.map((w) => [w.path, w.accept]);

// A few connection errors are let through: under callgrind on a loaded host a keep-alive connection
// can pass the server's idle timeout; the count is over the answers that arrived.
const drive = (url, w, amount) =>
  new Promise((resolve, reject) =>
    autocannon({ url: url + w.path, headers: w.accept ? { accept: w.accept } : {}, connections: 32, amount, timeout: 120 }, (e, r) =>
      e ? reject(e) : r.non2xx > 0 ? reject(new Error(`${w.name}: ${r.non2xx} non-2xx`)) : resolve(r.requests.total),
    ),
  );

const server = new URL('state-server.mjs', import.meta.url).pathname;
const keep = (kind) => (args.keep === undefined ? undefined : (mkdirSync(`${args.keep}/${kind}`, { recursive: true }), `${args.keep}/${kind}`));
const count = (kind) =>
  callgrindWindows(server, [kind, file, JSON.stringify(PATHS)], args.dist ? { LEDGER_BCS_DIST: args.dist } : {},
    WORKLOADS.flatMap((w) =>
      Array.from({ length: WINDOWS }, (_, i) => async (url, measure) => {
        if (i === 0) await drive(url, w, WARM);
        await measure(() => drive(url, w, REQUESTS));
      }),
    ),
    keep(kind),
  ).then((counts) => WORKLOADS.map((_, i) => median(counts.slice(i * WINDOWS, (i + 1) * WINDOWS))));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Two processes at once: instruction counts do not depend on the machine's load.
const [floor, ours] = await Promise.all([count('floor'), count('ledger')]);
const k = (n) => `${(n / 1000).toFixed(1)}k`;
console.log(`server instructions per request (median of ${WINDOWS} windows of ${REQUESTS} after ${WARM}, callgrind), node ${process.version}`);
console.log('| workload | floor | ours | ours − floor | floor / ours |');
console.log('| --- | ---: | ---: | ---: | ---: |');
WORKLOADS.forEach((w, i) => console.log(`| ${w.name} | ${k(floor[i])} | ${k(ours[i])} | ${k(ours[i] - floor[i])} | ${((100 * floor[i]) / ours[i]).toFixed(0)} % |`));
