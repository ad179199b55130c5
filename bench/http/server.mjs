// One server for the HTTP bench, in its own process: `hello` (bare node:http), `floor` (bare
// node:http with this exchange's shape) or `ledger` (createLedgerHandler on the node:http adapter,
// from the built package). Prints its port on stdout.
import { createServer } from 'node:http';

const kind = process.argv[2];

/** A bare node:http server that parses each request's JSON body and answers `answer(body)` with the ledger's nine headers. */
function jsonFloor(answer) {
  return createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const reply = answer(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(200, {
        'X-SVC-CHAIN-ID': '4',
        'X-SVC-LEDGER-VERSION': '0',
        'X-SVC-LEDGER-OLDEST-VERSION': '0',
        'X-SVC-LEDGER-TIMESTAMPUSEC': String(BigInt(Date.now()) * 1000n),
        'X-SVC-EPOCH': '0',
        'X-SVC-BLOCK-HEIGHT': '0',
        'X-SVC-OLDEST-BLOCK-HEIGHT': '0',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(reply.length),
      });
      res.end(reply);
    });
  });
}
const dist = new URL(process.env.LEDGER_BCS_DIST ?? '../../dist/', import.meta.url);
let server;
if (kind === 'hello') {
  server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('hello world');
  });
} else if (kind === 'floor') {
  // What any node:http server pays for this exchange's shape, with no encoding: read the JSON
  // body, answer the V2 reply's length with the same nine headers.
  const reply = `"0x${'00'.repeat(197)}"`;
  server = jsonFloor(() => reply);
} else if (kind === 'floor-encode') {
  // The same-shape floor plus a hand-written encoder of this one request (bench/floor/encode-submission.mjs).
  const { compileTransferReply } = await import('../floor/encode-submission.mjs');
  server = jsonFloor(compileTransferReply(4));
} else if (kind === 'ledger') {
  const { createLedgerHandler } = await import(new URL('http/index.js', dist).href);
  const { createNodeServer } = await import(new URL('http/node.js', dist).href);
  // The same fixed ledger as `ledger-bcs serve`.
  const ledgerInfo = () => ({
    chainId: 4,
    ledgerVersion: 0n,
    oldestLedgerVersion: 0n,
    ledgerTimestampUsec: BigInt(Date.now()) * 1000n,
    epoch: 0n,
    blockHeight: 0n,
    oldestBlockHeight: 0n,
  });
  server = createNodeServer(createLedgerHandler({ ledgerInfo }));
} else {
  throw new Error(`usage: server.mjs hello|floor|floor-encode|ledger`);
}
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
// The bench asks for this process's CPU time around a measurement: throughput on a shared machine
// swings with its neighbours, CPU time per request much less.
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ user, system })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
