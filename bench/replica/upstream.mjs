// The bench's upstream: a ledger file served by the handler over node:http; prints its port.
import { createLedgerHandler } from '../../dist/http/index.js';
import { createNodeServer } from '../../dist/http/node.js';
import { readLedgerFile } from '../../dist/ledger/node.js';

const ledger = await readLedgerFile(process.argv[2]);
const server = createNodeServer(createLedgerHandler({ source: ledger }));
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => process.exit(0));
