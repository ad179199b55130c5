// The node adapter's own cost per request (issue #20), in one process without sockets: the same
// requests through `toNodeListener(handler)` with stand-in request and response objects (whose
// writeHead/end only record), and straight through the handler's exchange form. The difference is
// what src/http/node*.ts adds to a request, beside what node:http itself costs (measured by the
// socket benches). CPU time per request, median of rounds. Usage: npm run bench:adapter
import { readFileSync } from 'node:fs';
import { createLedgerHandler } from '../../dist/http/index.js';
import { toNodeListener } from '../../dist/http/node.js';
import { readLedgerFile } from '../../dist/ledger/node.js';

const fixture = JSON.parse(readFileSync(new URL('../../fixtures/example-ledger.json', import.meta.url), 'utf8'));
const source = await readLedgerFile(new URL('../../fixtures/example-ledger.bin', import.meta.url).pathname);
const handler = createLedgerHandler({ source });
const serve = handler[Symbol.for('ledger-bcs.http.exchange')];
const listener = toNodeListener(handler);
const user = fixture.accounts.users[0];
const REQUESTS = {
  account: `/v1/accounts/${user}`,
  balance: `/v1/accounts/${user}/balance/0x1::aptos_coin::AptosCoin`,
  'block (BCS)': '/v1/blocks/by_height/20?with_transactions=true',
  healthy: '/v1/-/healthy',
};
const ROUNDS = 5;
const N = 30_000;

function viaListener(url, accept) {
  return new Promise((resolve) => {
    const headers = { host: 'localhost', accept };
    const req = { method: 'GET', url, headers, rawHeaders: [], complete: true, on() {}, off() {}, resume() {} };
    const res = {
      destroyed: false, socket: { destroyed: false }, headersSent: false, statusCode: 200,
      writeHead(status, h) { this.statusCode = status; this.h = h; },
      end(body) { resolve(body); },
      on() {}, once() {}, destroy() {},
    };
    listener(req, res);
  });
}

function viaExchange(url, accept) {
  const q = url.indexOf('?');
  return serve({ method: 'GET', path: q < 0 ? url : url.slice(0, q), query: q < 0 ? '' : url.slice(q + 1), header: (n) => (n === 'accept' ? accept : undefined), readBody: async () => new Uint8Array() });
}

async function cpuPerCall(f) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await f();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / N;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`node adapter share: ${ROUNDS} rounds × ${N.toLocaleString('en-US')} requests, CPU µs per request, node ${process.version}`);
console.log('| request | through toNodeListener | exchange alone | adapter share |');
console.log('| --- | ---: | ---: | ---: |');
for (const [name, url] of Object.entries(REQUESTS)) {
  const accept = name.includes('BCS') ? 'application/x-bcs' : 'application/json';
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(await cpuPerCall(() => viaListener(url, accept)));
    b.push(await cpuPerCall(() => viaExchange(url, accept)));
  }
  const shares = a.map((x, i) => x - b[i]);
  console.log(`| ${name} | ${median(a).toFixed(2)} µs | ${median(b).toFixed(2)} µs | ${median(shares).toFixed(2)} µs (rounds ${Math.min(...shares).toFixed(2)}–${Math.max(...shares).toFixed(2)}) |`);
}
