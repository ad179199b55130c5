#!/usr/bin/env node
// The whole interface over the example ledger: serves fixtures/example-ledger.bin on a loopback port
// and calls the client's six methods, in BCS and in JSON, printing one JSON line per answer.
// Run through `npm run demo` (it reads the built package in dist/).
import { readFileSync } from 'node:fs';
import { createLedgerClient } from '../dist/index.js';
import { createLedgerHandler } from '../dist/http/index.js';
import { createNodeServer } from '../dist/http/node.js';
import { readLedgerFile } from '../dist/ledger/node.js';

const fixture = JSON.parse(readFileSync(new URL('../fixtures/example-ledger.json', import.meta.url), 'utf8'));
const ledger = await readLedgerFile(new URL('../fixtures/example-ledger.bin', import.meta.url).pathname);
const server = createNodeServer(createLedgerHandler({ source: ledger }));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const client = createLedgerClient({ baseUrl: `http://127.0.0.1:${server.address().port}` });
const user = fixture.accounts.users[0];
const show = (call, r) => process.stdout.write(`${JSON.stringify({ call, ledgerVersion: String(r.ledgerInfo.ledgerVersion), data: plain(r.data) })}\n`);
const plain = (v) => JSON.parse(JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? String(x) : x instanceof Uint8Array ? `0x${Buffer.from(x).toString('hex')}` : x)));
try {
  show('healthy', await client.healthy());
  show('encodeSubmission', await client.encodeSubmission({
    sender: user, sequence_number: '0', max_gas_amount: '2000', gas_unit_price: '100', expiration_timestamp_secs: '1700000600',
    payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: [fixture.accounts.faucet, '1000'] },
  }));
  for (const format of ['bcs', 'json']) {
    show(`getAccount ${format}`, await client.getAccount(user, { format }));
    show(`getBalance APT ${format}`, await client.getBalance(user, '0x1::aptos_coin::AptosCoin', { format }));
    show(`getBalance EXA ${format}`, await client.getBalance(user, fixture.fungibleAsset, { format }));
    show(`getTransactionSummaries ${format}`, await client.getTransactionSummaries(user, { limit: 3, format }));
    show(`getBlockByHeight ${format}`, await client.getBlockByHeight(20, { format }));
  }
  const block = await client.getBlockByHeight(20, { withTransactions: true });
  show('getBlockByHeight bcs with transactions (kinds)', { ...block, data: block.data.transactions.map((t) => t.transaction.$kind) });
} finally {
  server.close();
}
