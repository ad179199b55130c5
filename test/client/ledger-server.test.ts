import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { createLedgerClient, isLedgerApiError, type LedgerClient } from '../../src/client/index.js';
import { createLedgerHandler } from '../../src/http/handler.js';
import { bcsBlock, transactionSummaryJson, type BcsBlock } from '../../src/records/index.js';
import { exampleLedger, FIXTURE } from '../ledger/fixture.js';
import { listen, type Running } from '../http/helpers.js';
import { nodeJsonReader } from '../../src/node-json/index.js';

// The client's six methods against a real loopback server over the example ledger: BCS and JSON give
// equal typed answers, and pruned, missing and malformed requests end in typed errors.

let server: Running;
let pruned: Running;
let client: LedgerClient;
let prunedClient: LedgerClient;

beforeAll(async () => {
  server = await listen(createLedgerHandler({ source: exampleLedger() }));
  pruned = await listen(createLedgerHandler({ source: exampleLedger({ pruneWindow: 100 }) }));
  client = createLedgerClient({ baseUrl: server.url });
  prunedClient = createLedgerClient({ baseUrl: pruned.url });
});
afterAll(async () => {
  await Promise.all([server.close(), pruned.close()]);
});

async function apiError(p: Promise<unknown>, status: number, code: string) {
  try {
    await p;
  } catch (e) {
    expect(isLedgerApiError(e), String(e)).toBe(true);
    expect((e as { status: number }).status).toBe(status);
    expect((e as { errorCode: string }).errorCode).toBe(code);
    return e;
  }
  throw new Error(`expected ${status} ${code}`);
}

describe("the client's six methods over the example ledger", () => {
  it('healthy and encodeSubmission', async () => {
    const h = await client.healthy();
    expect(h.data).toEqual({ message: 'aptos-node:ok' });
    expect(h.ledgerInfo.ledgerVersion).toBe(2241n);
    const e = await client.encodeSubmission({
      sender: FIXTURE.accounts.users[0], sequence_number: '44', max_gas_amount: '2000', gas_unit_price: '100', expiration_timestamp_secs: '1700000600',
      payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: [FIXTURE.accounts.faucet, '1'] },
    });
    expect(e.data.verified).toBe(true);
  });

  it('getAccount: BCS and JSON agree', async () => {
    for (const a of [FIXTURE.accounts.faucet, FIXTURE.accounts.users[3]!, '0xf']) {
      const b = await client.getAccount(a);
      const j = await client.getAccount(a, { format: 'json' });
      expect(j.data).toEqual({ sequence_number: String(b.data.sequenceNumber), authentication_key: toHex(b.data.authenticationKey) });
      expect(j.ledgerInfo).toEqual(b.ledgerInfo);
    }
  });

  it('getBalance: BCS and JSON agree, coin type and fungible asset', async () => {
    for (const asset of ['0x1::aptos_coin::AptosCoin', FIXTURE.fungibleAsset, '0xa']) {
      for (const a of [FIXTURE.accounts.legacy, FIXTURE.accounts.users[1]!]) {
        const b = await client.getBalance(a, asset, { ledgerVersion: 900 });
        const j = await client.getBalance(a, asset, { ledgerVersion: 900, format: 'json' });
        expect(j.data).toBe(b.data);
      }
    }
  });

  it('getTransactionSummaries: BCS and JSON agree', async () => {
    const b = await client.getTransactionSummaries(FIXTURE.accounts.users[2]!, { limit: 7, startVersion: 100 });
    const j = await client.getTransactionSummaries(FIXTURE.accounts.users[2]!, { limit: 7, startVersion: 100, format: 'json' });
    expect(b.data.length).toBe(7);
    expect(j.data).toEqual(b.data.map(transactionSummaryJson));
  });

  it('getBlockByHeight: BCS and JSON agree on the header; BCS carries the transactions', async () => {
    const b = await client.getBlockByHeight(150, { withTransactions: true });
    const j = await client.getBlockByHeight(150, { format: 'json' });
    expect(j.data).toMatchObject({
      block_height: '150', block_hash: toHex(b.data.blockHash), block_timestamp: String(b.data.blockTimestamp),
      first_version: String(b.data.firstVersion), last_version: String(b.data.lastVersion),
    });
    expect(b.data.transactions!.length).toBe(Number(b.data.lastVersion - b.data.firstVersion) + 1);
    expect(b.data.transactions![0]!.transaction.$kind).toMatch(/^BlockMetadata/);
  });

  it("getBlockByHeight with transactions: the node's JSON reads back to the BCS block, every kind of transaction", async () => {
    const typed = createLedgerClient({ baseUrl: server.url, nodeJson: nodeJsonReader() });
    const kinds = new Set<string>();
    // The node's JSON writes a creation and a modification alike (write_resource): read back, both
    // are modifications, so creations are compared as modifications. Write sets compare by their
    // bytes (a BCS map is ordered by its encoded keys; the JSON lists them in the node's BTreeMap order).
    const asRead = (block: BcsBlock) => {
      const txs = block.transactions!.map((t) => ({
        ...t,
        changes: { $kind: 'V0' as const, value: t.changes.value.map((e) => ({ key: e.key, value: e.value.$kind === 'Creation' ? { $kind: 'Modification' as const, value: e.value.value } : e.value })) },
      }));
      return toHex(bcsBlock.schema.encode({ ...block, transactions: txs }));
    };
    for (const h of [1, 2, 20, 25, 30, 150, 151, 300, 301, 305]) {
      const b = await typed.getBlockByHeight(h, { withTransactions: true });
      const j = await typed.getBlockByHeight(h, { withTransactions: true, format: 'json', typed: true });
      expect(asRead(j.data)).toEqual(asRead(b.data));
      for (const t of b.data.transactions!) kinds.add(t.transaction.$kind);
    }
    expect([...kinds].sort()).toEqual(['BlockEpilogue', 'BlockMetadata', 'BlockMetadataExt', 'StateCheckpoint', 'UserTransaction']);
  });

  it('pruned, missing and malformed requests end in typed errors', async () => {
    await apiError(prunedClient.getAccount(FIXTURE.accounts.faucet, { ledgerVersion: 1 }), 410, 'version_pruned');
    await apiError(prunedClient.getBalance(FIXTURE.accounts.faucet, '0xa', { ledgerVersion: 1, format: 'json' }), 410, 'version_pruned');
    await apiError(prunedClient.getBlockByHeight(1), 410, 'block_pruned');
    await apiError(client.getBlockByHeight(307, { format: 'json' }), 404, 'block_not_found');
    await apiError(client.getAccount(FIXTURE.accounts.faucet, { ledgerVersion: 5000 }), 404, 'version_not_found');
    // Malformed requests the client refuses itself, before any round trip.
    await expect(client.getTransactionSummaries('0xzz')).rejects.toMatchObject({ name: 'BcsError' });
    await expect(client.getBlockByHeight(-1)).rejects.toMatchObject({ name: 'UsageError' });
    // And one the client passes but the node's path parser refuses.
    const raw = await fetch(`${server.url}/v1/accounts/0x${'1'.repeat(65)}`);
    expect(raw.status).toBe(400);
    expect((await raw.json()).error_code).toBe('web_framework_error');
  });
});
