// The server under a memory attack (issue 31), as one run with its figures (not a timed test):
// `serve` (default limits, --log error) as a child on loopback, then for --seconds (default 30):
//   - 500 connections each sending an 8 MiB body slowly (64 KiB every 250 ms), reconnecting a second
//     after being cut;
//   - 50 connections each sending an 8 MiB hostile body (2.8 million `{}`) and closing at once, again
//     after --hostile-pause ms (default 5000; 100 makes it a flood of ~200 MB/s);
//   - beside them, a valid 100 KB request a second and a small valid request a second.
// Then the attackers stop and the server is left alone for --rest seconds. Reported: the child's
// resident memory (VmRSS, sampled every 100 ms) idle, at its peak and after; every valid request's
// status; the small ones' p50/p99/max latency; the child's CPU time during the attack (which
// depends far less on the machine's load than latency does). Targets (issue 31): peak under 1 GB,
// every valid request answered 200, small p99 under 200 ms, after under 200 MB.
// Usage: npm run build && node bench/http/attack.mjs [--seconds 30] [--rest 20] [--slow 500] [--hostile 50]
//        [--hostile-pause 5000] [--main dist/cli/main.js]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';

const { values: o } = parseArgs({
  options: { seconds: { type: 'string', default: '30' }, rest: { type: 'string', default: '20' }, slow: { type: 'string', default: '500' }, hostile: { type: 'string', default: '50' }, 'hostile-pause': { type: 'string', default: '5000' }, main: { type: 'string' } },
});
const SECONDS = Number(o.seconds);
const REST = Number(o.rest);
const MAIN = o.main ?? new URL('../../dist/cli/main.js', import.meta.url).pathname;
const MiB = 1 << 20;
const VALID = readFileSync(new URL('../../fixtures/example-requests.jsonl', import.meta.url), 'utf8').split('\n')[0];
const LARGE = VALID + ' '.repeat(100_000 - VALID.length);
const HOSTILE = Buffer.from(`[${'{},'.repeat((8 * MiB - 8) / 3 - 1)}{}]`);
const CHUNK = Buffer.alloc(64 * 1024, 0x20);
const head = (n) => `POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${n}\r\n\r\n`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The attack, until SIGTERM: prints its counts as JSON on stdout when it stops. */
async function attackers(port) {
  let stop = false;
  const counts = { slowConnections: 0, slowCut503: 0, hostileSent: 0 };

  /** One slow peer: headers for 8 MiB, then 64 KiB every 250 ms; reconnects when cut. */
  async function slowPeer() {
    while (!stop) {
      counts.slowConnections++;
      await new Promise((resolve) => {
        const s = connect(port, '127.0.0.1');
        let sent = 0;
        let out = '';
        s.setEncoding('latin1');
        s.on('data', (d) => (out += d));
        s.on('error', () => {});
        const timer = setInterval(() => {
          if (stop || sent >= 8 * MiB) return void s.destroy();
          if (s.writableLength < MiB) {
            s.write(CHUNK);
            sent += CHUNK.length;
          }
        }, 250);
        s.on('close', () => {
          clearInterval(timer);
          if (out.startsWith('HTTP/1.1 503')) counts.slowCut503++;
          resolve();
        });
        s.write(head(8 * MiB));
      });
      // A client cut with a 503 retries a second later (one that retries at once only measures
      // how fast the server accepts connections).
      await sleep(1000);
    }
  }

  /** One hostile peer: an 8 MiB body of `{}` sent whole, the connection closed as soon as it is written. */
  async function hostilePeer() {
    while (!stop) {
      await new Promise((resolve) => {
        const s = connect(port, '127.0.0.1');
        s.on('error', () => {});
        s.on('close', resolve);
        s.write(head(HOSTILE.length));
        s.write(HOSTILE, () => {
          counts.hostileSent++;
          s.destroy();
        });
      });
      await sleep(Number(o['hostile-pause']));
    }
  }

  const running = [...Array.from({ length: Number(o.slow) }, slowPeer), ...Array.from({ length: Number(o.hostile) }, hostilePeer)];
  process.once('SIGTERM', () => (stop = true));
  await Promise.all(running);
  process.stdout.write(JSON.stringify(counts));
}


// The attackers run in a process of their own (this file again, with ATTACK_PORT): the probes'
// latency is then the server's, not the attackers' own event loop busy with 550 sockets.
if (process.env.ATTACK_PORT) {
  await attackers(Number(process.env.ATTACK_PORT));
  process.exit(0);
}

const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--log', 'error'], { stdio: ['ignore', 'ignore', 'pipe'] });
let stderr = '';
const port = await new Promise((resolve, reject) => {
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-100_000);
    const m = stderr.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
    if (m) resolve(Number(m[1]));
  });
  child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr.slice(-500)}`)));
});

const rssMb = () => {
  try {
    const m = readFileSync(`/proc/${child.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};
/** The child's CPU time so far (user + system, s): what the attack cost the server, whatever the machine's load. */
const cpuS = () => {
  try {
    const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
};
await sleep(1000);
const idle = rssMb();
const cpuBefore = cpuS();
let peak = idle;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 100);

function post(body) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/v1/transactions/encode_submission', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
      res.on('error', () => resolve({ status: -1, ms: performance.now() - t0 }));
    });
    req.on('error', (e) => resolve({ status: -1, error: e.code, ms: performance.now() - t0 }));
    req.end(body);
  });
}

const attack = spawn(process.execPath, [new URL(import.meta.url).pathname, '--slow', o.slow, '--hostile', o.hostile, '--hostile-pause', o['hostile-pause']], { env: { ...process.env, ATTACK_PORT: String(port) }, stdio: ['ignore', 'pipe', 'inherit'] });
const attackOut = new Promise((resolve) => {
  let out = '';
  attack.stdout.setEncoding('utf8');
  attack.stdout.on('data', (d) => (out += d));
  attack.once('exit', () => resolve(out || '{}'));
});
const large = [];
const small = [];
const until = performance.now() + SECONDS * 1000;
/** `body` posted once a second (or as soon as the previous one is answered) until the attack ends. */
const everySecond = async (body, into) => {
  await sleep(2000);
  while (performance.now() < until) {
    const t = performance.now();
    into.push(await post(body));
    await sleep(Math.max(0, 1000 - (performance.now() - t)));
  }
};
await Promise.all([everySecond(LARGE, large), sleep(500).then(() => everySecond(VALID, small))]);
attack.kill('SIGTERM');
const counts = JSON.parse(await attackOut);
const peakDuring = peak;
const cpuDuring = cpuS() - cpuBefore;
const rest = [];
for (let s = 0; s < REST; s++) {
  await sleep(1000);
  rest.push(rssMb());
}
clearInterval(sampler);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));

const lat = small.map((x) => x.ms).sort((a, b) => a - b);
const q = (f) => lat[Math.min(lat.length - 1, Math.floor(lat.length * f))] ?? NaN;
const statuses = (xs) => Object.entries(xs.reduce((m, x) => ((m[x.status] = (m[x.status] ?? 0) + 1), m), {})).map(([k, v]) => `${v}×${k}`).join(' ');
const after = rest[rest.length - 1];
const ok = peakDuring < 1024 && after < 200 && q(0.99) < 200 && [...small, ...large].every((x) => x.status === 200);
console.log(`attack: ${o.slow} slow 8 MiB bodies (${counts.slowConnections} connections, ${counts.slowCut503} cut with 503), ${o.hostile} hostile 8 MiB senders (${counts.hostileSent} bodies sent and closed, one each per ${o['hostile-pause']} ms), ${SECONDS} s; node ${process.version}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`resident memory: idle ${idle.toFixed(0)} MB, peak ${peakDuring.toFixed(0)} MB (target < 1024), after ${REST} s at rest ${after.toFixed(0)} MB (target < 200; per second: ${rest.map((x) => x.toFixed(0)).join(' ')})`);
console.log(`server CPU time during the attack: ${cpuDuring.toFixed(1)} s of ${SECONDS} s`);
console.log(`valid 100 KB requests, one a second: ${large.length} (${statuses(large)}), worst ${Math.max(...large.map((x) => x.ms)).toFixed(0)} ms`);
console.log(`small requests, one a second: ${small.length} (${statuses(small)}), p50 ${q(0.5).toFixed(0)} ms, p99 ${q(0.99).toFixed(0)} ms (target < 200), max ${lat[lat.length - 1]?.toFixed(0)} ms`);
console.log(ok ? 'targets: met' : 'targets: NOT met');
process.exitCode = ok ? 0 : 1;
