import { describe, expect, it } from 'vitest';
import { createLedgerClient } from '../../src/client/index.js';
import { createLedgerHandler } from '../../src/http/index.js';
import { exampleLedger, FIXTURE } from '../ledger/fixture.js';
import { estimateByHand } from '../http/gas-estimate-by-hand.js';

// The client's read-API calls, through the endpoint table, against the handler (as its fetch):
// values against the ledger, a resources walk by the cursor the node's page carries, a table item.

const ledger = exampleLedger();
const handler = createLedgerHandler({ source: ledger });
const client = createLedgerClient({ baseUrl: 'http://node.test', fetch: (url, init) => handler(new Request(url, init)) });
const head = ledger.ledgerInfo().ledgerVersion;
const NOTES = (FIXTURE as unknown as { notesTable: string }).notesTable;

describe('client: the read API', () => {
  it('ledger info, a transaction by version, an account transactions page, a block by version, the gas estimate', async () => {
    expect((await client.getLedgerInfo()).data).toMatchObject({ chainId: 4, ledgerVersion: String(head), nodeRole: 1 });
    expect((await client.getLedgerInfo({ format: 'json' })).data).toMatchObject({ chain_id: 4, ledger_version: String(head) });
    const t = (await client.getTransactionByVersion(9)).data as { $kind: string; value: { version: bigint } };
    expect([t.$kind, t.value.version]).toEqual(['OnChain', 9n]);
    const txs = (await client.getAccountTransactions(FIXTURE.accounts.faucet, { start: 0, limit: 3 })).data as { version: bigint }[];
    expect(txs.map((x) => x.version)).toEqual(ledger.accountTransactions(FIXTURE.accounts.faucet, 0n, 3, head).map((x) => x.version));
    expect(((await client.getBlockByVersion(100)).data as { blockHeight: bigint }).blockHeight).toBe(ledger.blockByVersion(100n)!.blockHeight);
    expect((await client.estimateGasPrice()).data).toEqual({ gasEstimate: BigInt(estimateByHand(ledger, 250).estimate.gas_estimate) });
    expect((await client.estimateGasPrice()).data).toEqual({ gasEstimate: 300n });
  });

  it('resources page by page through ledgerInfo.cursor; modules; events; table items', async () => {
    const all = (await client.getAccountResources('0x1', { format: 'json' })).data as { type: string }[];
    const seen: string[] = [];
    let start: string | undefined;
    do {
      const page = await client.getAccountResources('0x1', { format: 'json', limit: 4, start });
      seen.push(...(page.data as { type: string }[]).map((r) => r.type));
      start = page.ledgerInfo.cursor;
    } while (start !== undefined);
    expect(seen).toEqual(all.map((r) => r.type));
    expect([...((await client.getAccountModules('0x1')).data as Map<unknown, Uint8Array>).values()].length).toBe(2);
    expect(((await client.getEventsByCreationNumber('0x1', 3, { limit: 2, format: 'json' })).data as unknown[]).length).toBe(2);
    expect((await client.getEventsByEventHandle('0x1', '0x1::block::BlockResource', 'new_block_events', { limit: 1, format: 'json' })).data).toHaveLength(1);
    expect((await client.getTableItem(NOTES, { key_type: 'u64', value_type: '0x1::string::String', key: '1' }, { format: 'json' })).data).toBe('first note');
    const raw = (await client.getRawTableItem(NOTES, Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0))).data;
    expect(new TextDecoder().decode(raw.subarray(1))).toBe('first note');
    await expect(client.getAccountResources('0x1', { start: 'not hex' })).rejects.toThrow(/cursor/);
  });
});
