// One server for the state-endpoint bench, in its own process: `ledger` (createLedgerHandler over the
// memory ledger, on the node:http adapter, from the built package) or `floor` (bare node:http that
// answers each of the bench's requests with the very reply ours gives — same status, headers and
// body bytes, computed once at start — so it pays HTTP alone). Prints its port on stdout.
import { createServer } from 'node:http';

const [kind, ledgerFile] = process.argv.slice(2);
const dist = new URL(process.env.LEDGER_BCS_DIST ?? '../../dist/', import.meta.url);
const { createLedgerHandler } = await import(new URL('http/index.js', dist).href);
const { createNodeServer } = await import(new URL('http/node.js', dist).href);
const { readLedgerFile, nodeSha3 } = await import(new URL('ledger/node.js', dist).href);
const source = await readLedgerFile(ledgerFile);
// As `serve` builds it: node:crypto's sha3 for rendered state-key hashes, the default text cache.
const handler = createLedgerHandler({ source, sha3: nodeSha3 });

let server;
if (kind === 'ledger') {
  server = createNodeServer(handler);
} else if (kind === 'floor') {
  const replies = new Map();
  const paths = JSON.parse(process.argv[4]);
  for (const [path, accept] of paths) {
    const res = await handler(new Request(`http://localhost${path}`, { headers: accept ? { accept } : {} }));
    const body = Buffer.from(await res.arrayBuffer());
    const headers = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    headers['content-length'] = String(body.length);
    replies.set(`${path} ${accept ?? ''}`, { status: res.status, headers, body });
  }
  server = createServer((req, res) => {
    const r = replies.get(`${req.url} ${req.headers.accept ?? ''}`);
    res.writeHead(r.status, r.headers);
    res.end(r.body);
  });
} else {
  throw new Error('usage: state-server.mjs ledger|floor LEDGER_FILE [PATHS_JSON]');
}
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ user, system })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
