// Server instructions per request for the HTTP bench's exchange (issue 32): the same-shape floor and
// encode_submission, each in its own process under valgrind's callgrind, instrumented only while a
// fixed number of requests runs after a warm-up. Instruction counts do not move with the machine's
// load, which on a shared 2-core host swings the CPU-time figures of bench:http by ±20 %. They leave
// out the kernel (the loopback send and receive, the same for both servers), so the ratio is a
// little harsher than a CPU-time ratio on a quiet machine. Needs valgrind; takes about a minute a
// server. Usage: node bench/http/instructions.mjs [--warm 6000] [--requests 10000] [--dist dir/]
import { spawn, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
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
  const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-callgrind-'));
  const env = { ...process.env, ...(args.dist && { LEDGER_BCS_DIST: args.dist }) };
  // JIT code needs --smc-check; instrumentation starts off and is switched on around the measured requests.
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', '--smc-check=all-non-file', '--instr-atstart=no', `--callgrind-out-file=${join(dir, 'out.%p')}`, process.execPath, new URL('server.mjs', import.meta.url).pathname, kind],
    { stdio: ['ignore', 'pipe', 'ignore'], env },
  );
  try {
    const [chunk] = await once(child.stdout, 'data');
    const url = `http://127.0.0.1:${String(chunk).trim()}` + (kind === 'ledger' ? '/v1/transactions/encode_submission' : '');
    await drive(url, WARM);
    execFileSync('callgrind_control', ['-i', 'on', String(child.pid)], { stdio: 'ignore' });
    const r = await drive(url, REQUESTS);
    execFileSync('callgrind_control', ['-i', 'off', String(child.pid)], { stdio: 'ignore' });
    child.kill('SIGTERM');
    await once(child, 'exit');
    const out = readdirSync(dir).find((f) => f.startsWith('out.'));
    const text = readFileSync(join(dir, out), 'utf8');
    // `totals`: the events of the instrumented window (`summary` stays 0 when instrumentation starts off).
    const total = /^totals:\s*(\d+)/m.exec(text);
    return Number(total[1]) / r.requests.total;
  } finally {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

const floor = await instructions('floor');
const ours = await instructions('ledger');
const k = (n) => `${(n / 1000).toFixed(1)}k`;
console.log(`server instructions per request (${REQUESTS} after ${WARM}, callgrind): floor ${k(floor)}, encode_submission ${k(ours)} (floor / ours ${((100 * floor) / ours).toFixed(0)}%)`);
