// A server child under valgrind's callgrind, instrumented only while a caller's requests run (issue
// 32): instruction counts do not move with the machine's load, which on a shared 2-core host swings
// CPU-time figures by ±20 %. The main thread's only, where a request's own work runs. They leave out
// the kernel (the loopback send and receive, the same for every server), so a ratio of them is a
// little harsher than a CPU-time ratio on a quiet machine.
// Used by instructions.mjs (encode_submission) and state-instructions.mjs (the state routes).
import { spawn, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts `node script ...args` under callgrind (it prints its port on stdout), then for each window
 * of `windows` (async (url) => requests made) counts the instructions of that window alone: each is
 * switched on before and dumped after, so a warm-up inside a window's function must come before
 * its `measure(...)` call. Answers the instructions per request of each window, in order. With
 * `keep` (an empty directory), its dumps are left there for callgrind_annotate.
 */
export async function callgrindWindows(script, args, env, windows, keep) {
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'ledger-bcs-callgrind-'));
  // JIT code needs --smc-check; instrumentation starts off and is switched on around each window.
  // Only the main thread is counted (--separate-threads, its dump ends in -01): V8's compiler and GC
  // helper threads finish work whenever they are scheduled, which added 39-45k instructions a request
  // to the floor's and ours alike while the code was still being optimized. What this leaves out:
  // concurrent marking and sweeping, which grow with allocation, so a server that allocates more
  // is flattered a little (the main thread's own share of each collection is counted).
  const child = spawn('valgrind', ['--tool=callgrind', '--smc-check=all-non-file', '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=${join(dir, 'out.%p')}`, process.execPath, script, ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, ...env },
  });
  const control = (...a) => execFileSync('callgrind_control', [...a, String(child.pid)], { stdio: 'ignore' });
  try {
    const [chunk] = await once(child.stdout, 'data');
    const url = `http://127.0.0.1:${String(chunk).trim()}`;
    const out = [];
    for (const window of windows) {
      let requests = 0;
      await window(url, async (run) => {
        control('-i', 'on');
        requests = await run();
        control('-i', 'off');
      });
      const before = new Set(readdirSync(dir));
      control('-d');
      const file = readdirSync(dir).find((f) => !before.has(f) && f.startsWith('out.') && f.endsWith('-01'));
      // `totals`: the events since the last dump (`summary` stays 0 when instrumentation starts off).
      const total = /^totals:\s*(\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
      out.push(Number(total[1]) / requests);
    }
    child.kill('SIGTERM');
    await once(child, 'exit');
    return out;
  } finally {
    child.kill('SIGKILL');
    if (keep === undefined) rmSync(dir, { recursive: true, force: true });
  }
}
