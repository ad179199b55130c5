import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleLedger } from '../ledger/fixture.js';
import { removeCliBundle, startCli, type CliServer } from './cli-server.js';
import { aptosFor, sdkReadSuite } from './sdk-reads.js';

// Stock ts-sdk against `ledger-bcs serve --ledger fixtures/example-ledger.bin` (the CLI in a child
// process, as a user starts it). Submitting needs a mempool: refused with the node's disabled-API
// answer, which the SDK surfaces as its API error.

let server: CliServer;
const ledger = exampleLedger();

beforeAll(async () => {
  server = await startCli(['serve', '--ledger', 'fixtures/example-ledger.bin']);
}, 90_000);
afterAll(async () => {
  expect(await server.stop()).toBe(0);
  removeCliBundle();
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
