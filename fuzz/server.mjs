// The server part of the fuzz harness: `serve` as a child process on loopback, driven with mutated
// requests, malformed HTTP, slow and half-sent requests, many connections, hostile bodies (while a
// valid request's latency is measured), and finally SIGTERM with connections held open.
import { spawn } from 'node:child_process';
import { request, Agent } from 'node:http';
import { connect } from 'node:net';
import { readFileSync } from 'node:fs';
import { HOSTILE_TEXT, mutateText } from './mutate.mjs';

const MAIN = new URL('../dist/cli/main.js', import.meta.url).pathname;
// Short limits, so slow peers are cut within the run; the defaults are 30/60/30/10 s.
const LIMITS = { headers: 2000, request: 4000, idle: 4000, shutdown: 3000 };
const ERROR_STATUSES = new Set([400, 403, 404, 405, 406, 408, 411, 413, 415, 431, 500, 503]);
const VALID = readFileSync(new URL('../fixtures/example-requests.jsonl', import.meta.url), 'utf8').split('\n').filter(Boolean);
const MB = 1 << 20;

function startServe() {
  const child = spawn(process.execPath, [MAIN, 'serve', '--port', '0', '--headers-timeout-ms', String(LIMITS.headers), '--request-timeout-ms', String(LIMITS.request), '--idle-timeout-ms', String(LIMITS.idle), '--shutdown-timeout-ms', String(LIMITS.shutdown)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const port = new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => {
      err += d;
      if (err.length > 1e6) err = err.slice(-1e5);
      const m = err.match(/listening on http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((code) => reject(new Error(`serve exited ${code}: ${err.slice(-500)}`)));
  });
  return { child, port, exited };
}

function post(port, body, agent, path = '/v1/transactions/encode_submission') {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const req = request({ host: '127.0.0.1', port, method: 'POST', path, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
      res.on('error', () => resolve({ status: -1, ms: performance.now() - t0 }));
    });
    req.on('error', (e) => resolve({ status: -1, error: e.code, ms: performance.now() - t0 }));
    req.end(body);
  });
}

/** Raw bytes on a socket; resolves with what came back and whether the server closed it in time. */
function raw(port, parts, waitMs) {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let out = '';
    let done = false;
    const t0 = performance.now();
    const finish = (closed) => {
      if (done) return;
      done = true;
      s.destroy();
      resolve({ out, closed, ms: performance.now() - t0 });
    };
    s.setEncoding('latin1');
    s.on('data', (d) => (out += d));
    s.on('error', () => {});
    s.on('close', () => finish(true));
    setTimeout(() => finish(false), waitMs);
    void (async () => {
      for (const p of parts) {
        if (done) return;
        if (typeof p === 'number') await new Promise((r) => setTimeout(r, p));
        else s.write(p);
      }
    })();
  });
}

const MALFORMED = [
  'GET /v1/-/healthy HTTP/1.1\r\n\r\n',
  'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  Buffer.from('GET /v1/-/heal\xffthy HTTP/1.1\r\nHost: x\r\n\r\n', 'latin1'),
  `GET /v1/-/healthy HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(17_000)}\r\n\r\n`,
  'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n',
  'CONNECT /v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /v1/-/healthy HTTP/9.9\r\nHost: x\r\n\r\n',
  'GET  HTTP/1.1\r\n\r\n',
  'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
  'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n',
  'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: application/json\r\n\r\nzz\r\n',
  'GET /v1/-/healthy HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n',
  'GET http://x/v1/-/healthy HTTP/1.1\r\nHost: x\r\n\r\n',
  'OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /v1/-/healthy HTTP/1.1\nHost: x\n\n',
  Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03]),
  'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n',
];

export async function fuzzServer(o, r) {
  const rows = [];
  let failures = 0;
  let cases = 0;
  const examples = [];
  const fail = (what) => {
    failures++;
    if (examples.length < 5) examples.push(what);
  };
  const { child, port: portP, exited } = startServe();
  const port = await portP;
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });

  // 1. Mutated requests: a status of the node's, and an error body with the interface's three fields.
  {
    const n = Math.min(o.cases, 400);
    let worst = 0;
    for (let i = 0; i < n; i++) {
      const { input } = mutateText(r, r.pick(VALID));
      const res = await post(port, input, agent);
      cases++;
      worst = Math.max(worst, res.ms);
      if (res.status === 200) continue;
      if (!ERROR_STATUSES.has(res.status)) fail(`mutated request: status ${res.status} ${res.error ?? ''}`);
      else {
        try {
          const b = JSON.parse(res.body);
          if (typeof b.message !== 'string' || typeof b.error_code !== 'string' || !('vm_error_code' in b)) fail(`mutated request: body ${res.body.slice(0, 80)}`);
        } catch {
          fail(`mutated request: ${res.status} body not JSON: ${res.body.slice(0, 80)}`);
        }
      }
    }
    rows.push(['mutated requests', n, `worst ${worst.toFixed(0)} ms`]);
  }

  // 2. Malformed HTTP: answered or closed within a second; the server stays up.
  {
    let answered = 0;
    for (const m of MALFORMED) {
      const res = await raw(port, [m], 3000);
      cases++;
      if (!res.closed && !/^HTTP\/1\.1 \d{3} /.test(res.out)) fail(`malformed ${JSON.stringify(String(m).slice(0, 40))}: no answer, still open`);
      else answered++;
    }
    rows.push(['malformed HTTP', MALFORMED.length, `${answered} answered or closed`]);
  }

  // 3. Slow senders and half-sent requests: each connection closed within the limits (+2 s).
  {
    const head = 'POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n';
    const drip = (t, ms) => [...t].flatMap((c) => [c, ms]);
    const peers = [
      ...Array.from({ length: 10 }, () => ['POST /v1/trans']),
      ...Array.from({ length: 10 }, () => drip('GET /v1/-/healthy HTTP/1.1\r\nHost: x\r\nX-Slow: ' + 'a'.repeat(400), 100)),
      ...Array.from({ length: 10 }, () => [`${head}Content-Length: 1000\r\n\r\n`, ...drip('{"a":"' + 'b'.repeat(400), 100)]),
      ...Array.from({ length: 10 }, () => [`${head}Transfer-Encoding: chunked\r\n\r\n`, ...Array.from({ length: 400 }, () => ['1\r\n \r\n', 100]).flat()]),
      ...Array.from({ length: 10 }, () => []),
    ];
    const bound = LIMITS.request + 2000;
    const results = await Promise.all(peers.map((p) => raw(port, p, bound + 3000)));
    let worst = 0;
    for (const res of results) {
      cases++;
      worst = Math.max(worst, res.ms);
      if (!res.closed || res.ms > bound) fail(`slow peer held ${res.ms.toFixed(0)} ms`);
    }
    rows.push(['slow and half-sent peers', peers.length, `all closed, the last after ${worst.toFixed(0)} ms (bound ${bound} ms)`]);
  }

  // 4. Many connections at once.
  {
    const n = 500;
    const results = await Promise.all(Array.from({ length: n }, () => post(port, VALID[0], undefined)));
    cases += n;
    const ok = results.filter((x) => x.status === 200).length;
    if (ok !== n) fail(`concurrent: ${n - ok} of ${n} not answered 200`);
    rows.push(['concurrent connections', n, `${ok} answered 200, worst ${Math.max(...results.map((x) => x.ms)).toFixed(0)} ms`]);
  }

  // 5. Valid-request latency while 3 peers keep sending 8 MiB hostile bodies.
  let latencyMax = 0;
  {
    const bodies = HOSTILE_TEXT.map((f) => {
      const t = f();
      const unit = Math.max(1, Math.floor((8 * MB - 16) / t.length));
      return unit > 1 && t.startsWith('[') ? `[${Array(unit).fill(t.slice(1, -1)).join(',')}]`.slice(0, 8 * MB) : t.slice(0, 8 * MB);
    });
    let stop = false;
    let hostileSent = 0;
    const hostileAgent = new Agent({ keepAlive: true, maxSockets: 3 });
    const sender = async (k) => {
      for (let i = k; !stop; i += 3) {
        await post(port, bodies[i % bodies.length], hostileAgent);
        hostileSent++;
      }
    };
    const senders = [0, 1, 2].map(sender);
    await new Promise((res) => setTimeout(res, 500));
    const lat = [];
    const end = performance.now() + 10_000;
    while (performance.now() < end) {
      const res = await post(port, VALID[0], agent);
      if (res.status !== 200) fail(`valid request under load: ${res.status}`);
      lat.push(res.ms);
      await new Promise((res2) => setTimeout(res2, 25));
    }
    stop = true;
    await Promise.all(senders);
    hostileAgent.destroy();
    cases += lat.length + hostileSent;
    lat.sort((a, b) => a - b);
    const q = (f) => lat[Math.min(lat.length - 1, Math.floor(lat.length * f))].toFixed(0);
    latencyMax = lat[lat.length - 1];
    rows.push(['valid request beside 3 senders of 8 MiB hostile bodies', `${lat.length} valid, ${hostileSent} hostile`, `p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${latencyMax.toFixed(0)} ms`]);
  }

  // 6. SIGTERM while peers hold half-sent requests and a dripping body: exit within the deadline.
  let shutdownMs = Infinity;
  let exitCode = null;
  {
    const holders = Array.from({ length: 20 }, (_, i) => raw(port, i % 2 ? ['POST /v1/trans'] : ['POST /v1/transactions/encode_submission HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{', ...Array.from({ length: 100 }, () => [' ', 200]).flat()], 30_000));
    await new Promise((res) => setTimeout(res, 300));
    const t0 = performance.now();
    child.kill('SIGTERM');
    exitCode = await Promise.race([exited, new Promise((res) => setTimeout(() => res('still running'), LIMITS.shutdown + 10_000))]);
    shutdownMs = performance.now() - t0;
    cases++;
    if (exitCode === 'still running') {
      child.kill('SIGKILL');
      fail('serve did not exit after SIGTERM');
    } else if (shutdownMs > LIMITS.shutdown + 1000) fail(`serve took ${shutdownMs.toFixed(0)} ms to exit`);
    await Promise.all(holders);
    rows.push(['SIGTERM with 20 half-sent requests held open', 1, `exited ${exitCode} after ${shutdownMs.toFixed(0)} ms (deadline ${LIMITS.shutdown} ms)`]);
  }
  agent.destroy();

  const targetsMet = failures === 0 && latencyMax <= 100 && shutdownMs <= LIMITS.shutdown + 1000;
  return {
    cases,
    failures,
    targetsMet,
    report(md) {
      const head = ['family', 'cases', 'result'];
      const lines = md ? [`| ${head.join(' | ')} |`, '|---|---|---|', ...rows.map((x) => `| ${x.join(' | ')} |`)] : rows.map((x) => `${String(x[0]).padEnd(56)} ${String(x[1]).padEnd(22)} ${x[2]}`);
      lines.push(`${md ? '\n' : ''}server: ${cases} cases, ${failures} failures; valid-request latency max ${latencyMax.toFixed(0)} ms (target 100); shutdown ${shutdownMs.toFixed(0)} ms (deadline ${LIMITS.shutdown} ms)`);
      for (const e of examples) lines.push(`  failure: ${e}`);
      return lines.join('\n');
    },
  };
}
