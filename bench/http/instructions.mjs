// Server instructions per request for the HTTP bench's exchange (issue 32): the same-shape floor and
// encode_submission, each in its own process under valgrind's callgrind, instrumented only while a
// fixed number of requests runs after a warm-up, the main thread only (callgrind.mjs says why).
// Instruction counts do not move with the machine's load, which on a shared 2-core host swings the
// CPU-time figures of bench:http by ±20 %. They leave out the kernel (the loopback send and receive,
// the same for both servers), so the ratio is a little harsher than a CPU-time ratio on a quiet
// machine. Needs valgrind; takes about a minute a server.
// Usage: node bench/http/instructions.mjs [--warm 6000] [--requests 10000] [--dist dir/]
import autocannon from 'autocannon';
import { callgrindWindows } from './callgrind.mjs';
import { V2_REQUEST } from './v2-request.mjs';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const WARM = Number(args.warm ?? 6000);
const REQUESTS = Number(args.requests ?? 10000);

const drive = (url, amount) =>
  new Promise((resolve, reject) =>
    autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body: V2_REQUEST, connections: 32, amount }, (e, r) =>
      e ? reject(e) : r.non2xx > 0 || r.errors > 0 ? reject(new Error(`${r.non2xx} non-2xx, ${r.errors} errors`)) : resolve(r),
    ),
  );

async function instructions(kind) {
  const path = kind === 'ledger' ? '/v1/transactions/encode_submission' : '';
  const [perRequest] = await callgrindWindows(new URL('server.mjs', import.meta.url).pathname, [kind], args.dist ? { LEDGER_BCS_DIST: args.dist } : {}, [
    async (url, measure) => {
      await drive(url + path, WARM);
      await measure(async () => (await drive(url + path, REQUESTS)).requests.total);
    },
  ]);
  return perRequest;
}

const floor = await instructions('floor');
const handFloor = await instructions('floor-encode');
const ours = await instructions('ledger');
const k = (n) => `${(n / 1000).toFixed(1)}k`;
const pct = (a, b) => `${((100 * a) / b).toFixed(0)}%`;
console.log(
  `server instructions per request (${REQUESTS} after ${WARM}, callgrind): same-shape floor ${k(floor)}, ` +
    `hand-written encoder ${k(handFloor)}, encode_submission ${k(ours)}; floor / ours ${pct(floor, ours)}, ` +
    `floor / hand-written ${pct(floor, handFloor)}, hand-written / ours ${pct(handFloor, ours)}`,
);
