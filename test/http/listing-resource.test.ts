import { describe, expect, it } from 'vitest';
import { createLedgerClient, isLedgerApiError } from '../../src/client/index.js';
import { createLedgerHandler } from '../../src/http/index.js';
import { createMemoryLedger } from '../../src/ledger/index.js';
import { blockBytes, EXAMPLE, exampleLedger } from '../replica/helpers.js';

// GET /transactions (api/src/transactions.rs `list`, api/src/page.rs) and GET
// /accounts/{a}/resource/{type} (api/src/state.rs `resource`) over a ledger source, through the
// client's getTransactions / getTransactionsBytes / getAccountResource.

const full = exampleLedger();
const latest = full.ledgerInfo().ledgerVersion;
const handler = createLedgerHandler({ source: full, limits: { maxTransactionsPageSize: 50 } });
const client = createLedgerClient({ baseUrl: 'http://upstream.test', fetch: (url, init) => handler(new Request(url, init)) });

async function error(p: Promise<unknown>) {
  try {
    await p;
  } catch (e) {
    if (isLedgerApiError(e)) return { status: e.status, code: e.errorCode, message: e.message };
    throw e;
  }
  throw new Error('answered 200');
}
const get = (path: string, accept = 'application/x-bcs') => handler(new Request(`http://upstream.test/v1${path}`, { headers: { accept } }));

describe('GET /transactions', () => {
  it('pages from start, capped at the page size, never past the ledger version', async () => {
    const r = await client.getTransactions({ start: 10, limit: 5 });
    expect(r.data.map((t) => t.version)).toEqual([10n, 11n, 12n, 13n, 14n]);
    expect((await client.getTransactions({ start: 0, limit: 1000 })).data).toHaveLength(50);
    expect((await client.getTransactions({ start: latest - 2n, limit: 25 })).data.map((t) => t.version)).toEqual([latest - 2n, latest - 1n, latest]);
    // No start: the last page, ending at the ledger version (page.rs compute_start; golden
    // transactions_test…returns_last_page_when_start_version_is_not_specified), 25 by default.
    expect((await client.getTransactions({ limit: 4 })).data.map((t) => t.version)).toEqual([latest - 3n, latest - 2n, latest - 1n, latest]);
    const page = (await client.getTransactions()).data;
    expect(page).toHaveLength(25);
    expect(page.at(-1)!.version).toBe(latest);
    const raw = await client.getTransactionsBytes({ start: 0, limit: 3 });
    const t = full.transactions(0n, 3);
    expect(Buffer.from(raw.data).equals(Buffer.concat([Buffer.from([3]), ...t.map((x) => Buffer.from(x.bytes))]))).toBe(true);
  });

  it("answers JSON as the blocks' own JSON of the same transactions, across block boundaries", async () => {
    const byVersion = new Map<string, unknown>();
    for (let h = 0; h <= 30; h++) {
      const b = (await (await get(`/blocks/by_height/${h}?with_transactions=true`, 'application/json')).json()) as { transactions: { version: string }[] };
      for (const t of b.transactions) byVersion.set(t.version, t);
    }
    for (const [start, limit] of [[0, 50], [7, 13], [33, 1]]) {
      const r = await get(`/transactions?start=${start}&limit=${limit}`, 'application/json');
      expect(r.status).toBe(200);
      const list = (await r.json()) as { version: string }[];
      expect(list.map((t) => t.version)).toEqual(Array.from({ length: limit }, (_, i) => String(start + i)));
      for (const t of list) expect(t).toEqual(byVersion.get(t.version));
    }
  });

  it('refuses as the node does', async () => {
    expect(await error(client.getTransactions({ limit: 0 }))).toEqual({ status: 400, code: 'invalid_input', message: 'Given limit value (0) must not be zero' });
    expect(await error(client.getTransactions({ start: latest + 1n }))).toEqual({
      status: 400,
      code: 'invalid_input',
      message: `Given start value (${latest + 1n}) is higher than the current ledger version, it must be < ${latest}`,
    });
    const bad = await get('/transactions?limit=70000');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error_code: 'web_framework_error', message: expect.stringMatching(/^failed to parse parameter `limit`: /) });
    expect((await get('/transactions?start=-1')).status).toBe(400);
    // POST /transactions is the submission route: refused without an upstream (src/http/forward.ts).
    expect((await handler(new Request('http://upstream.test/v1/transactions', { method: 'POST' }))).status).toBe(403);
    expect((await handler(new Request('http://upstream.test/v1/transactions', { method: 'PUT' }))).status).toBe(405);
  });

  it('below the oldest retained version: the store fails, 500 as the node', async () => {
    const pruned = createMemoryLedger({ pruneWindow: 100 });
    for (let h = 0; h <= 300; h++) pruned.ingest(await blockBytes(full, h));
    const h = createLedgerHandler({ source: pruned });
    const r = await h(new Request('http://x.test/v1/transactions?start=0', { headers: { accept: 'application/x-bcs' } }));
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ error_code: 'internal_error', message: 'Failed to read raw transactions from storage' });
  });
});

describe('GET /accounts/{a}/resource/{type}', () => {
  const faucet = EXAMPLE.accounts.faucet;
  it('answers a stored resource and a member of the ObjectGroup, as stored', async () => {
    const r = await client.getAccountResource(faucet, '0x1::account::Account');
    const account = new Uint8Array(await (await get(`/accounts/${faucet}`)).arrayBuffer());
    expect(Buffer.from(r.data as Uint8Array).equals(Buffer.from(account))).toBe(true);
    const meta = await client.getAccountResource(EXAMPLE.fungibleAsset, '0x1::fungible_asset::Metadata', { ledgerVersion: latest });
    expect((meta.data as Uint8Array).length).toBeGreaterThan(10);
  });

  it('refuses as the node does', async () => {
    expect(await error(client.getAccountResource(faucet, '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>'))).toEqual({
      status: 404,
      code: 'resource_not_found',
      message: `Resource not found by Address(${faucet}), Struct tag(0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>) and Ledger version(${latest})`,
    });
    expect((await error(client.getAccountResource(faucet, '0x1::account::Account', { ledgerVersion: latest + 1n }))).code).toBe('version_not_found');
    const bad = await get(`/accounts/${faucet}/resource/0x1::account`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error_code: 'web_framework_error', message: expect.stringMatching(/^failed to parse path `resource_type`: /) });
    // JSON: the node's MoveResource, the same fields as the account endpoint's JSON.
    const json = (await (await get(`/accounts/${faucet}/resource/0x1::account::Account`, 'application/json')).json()) as { type: string; data: Record<string, unknown> };
    const account = (await (await get(`/accounts/${faucet}`, 'application/json')).json()) as Record<string, unknown>;
    expect(json.type).toBe('0x1::account::Account');
    expect(json.data).toMatchObject(account);
  });
});
