import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleLedger } from '../ledger/fixture.js';
import { cliBundle, removeCliBundle, startCli, type CliServer } from './cli-server.js';
import { aptosFor, sdkReadSuite } from './sdk-reads.js';

// Stock ts-sdk against `ledger-bcs serve --ledger fixtures/example-ledger.bin` (the CLI in a child
// process, as a user starts it). Submitting needs a mempool: refused with the node's disabled-API
// answer, which the SDK surfaces as its API error. The same reads against `serve --store DIR` after
// `ledger-bcs import fixtures/example-ledger.bin --store DIR` (the LMDB store, issue 30).

let server: CliServer;
let storeServer: CliServer;
const ledger = exampleLedger();
const storeDir = mkdtempSync(join(tmpdir(), 'ledger-bcs-sdk-store-'));

beforeAll(async () => {
  server = await startCli(['serve', '--ledger', 'fixtures/example-ledger.bin']);
  const imported = spawnSync(process.execPath, [cliBundle(), 'import', 'fixtures/example-ledger.bin', '--store', storeDir], { encoding: 'utf8' });
  expect(imported.status, imported.stderr).toBe(0);
  storeServer = await startCli(['serve', '--store', storeDir]);
}, 90_000);
afterAll(async () => {
  expect(await server.stop()).toBe(0);
  expect(await storeServer.stop()).toBe(0);
  removeCliBundle();
  rmSync(storeDir, { recursive: true, force: true });
});

describe('ts-sdk 7.3 against serve --store', () => {
  sdkReadSuite(() => storeServer.url, () => ledger);
});

describe('ts-sdk 7.3 against serve --ledger', () => {
  sdkReadSuite(() => server.url, () => ledger);

  it('a submission: 403 api_disabled naming the route and how to enable it', async () => {
    const res = await fetch(`${server.url}/v1/transactions`, { method: 'POST', headers: { 'content-type': 'application/x.aptos.signed_transaction+bcs' }, body: new Uint8Array([1, 2, 3]) });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-svc-chain-id')).toBeNull();
    const body = (await res.json()) as { message: string; error_code: string };
    expect(body.error_code).toBe('api_disabled');
    expect(body.message).toMatch(/^Submit transaction is disabled on this endpoint: .*ledger-bcs serve --follow URL/);
    await expect(aptosFor(server.url).transaction.submit.simple({} as never)).rejects.toThrow();
  });
});
