// One server for bench/ledger/store.mjs, in its own process: `store` (createLedgerHandler over an LMDB
// store, on the node:http adapter), `store-rss` (the same, and on SIGUSR2 prints its RSS), or `floor`
// (bare node:http answering each bench path with the very bytes the store's handler gives). Prints
// its port on stdout.
import { createServer } from 'node:http';
import { createLedgerHandler } from '../../dist/http/index.js';
import { createNodeServer } from '../../dist/http/node.js';
import { openLedgerStore } from '../../dist/ledger/store.js';

const [kind, dir, pathsJson] = process.argv.slice(2);
const source = await openLedgerStore(dir);
const handler = createLedgerHandler({ source });
let server;
if (kind === 'store' || kind === 'store-rss') server = createNodeServer(handler);
else {
  const replies = new Map();
  for (const path of JSON.parse(pathsJson)) {
    const res = await handler(new Request(`http://localhost${path}`));
    const body = Buffer.from(await res.arrayBuffer());
    const headers = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    headers['content-length'] = String(body.length);
    replies.set(path, { status: res.status, headers, body });
  }
  server = createServer((req, res) => {
    const r = replies.get(req.url);
    res.writeHead(r.status, r.headers);
    res.end(r.body);
  });
}
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGUSR2', () => process.stdout.write(`${process.memoryUsage().rss}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
