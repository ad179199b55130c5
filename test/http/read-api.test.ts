import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { createLedgerHandler } from '../../src/http/index.js';
import { indexResponseBcs } from '../../src/records/read-api.js';
import { bcsBlock, ENDPOINTS, transactionData, transactionOnChainData } from '../../src/records/index.js';
import { createMemoryLedger } from '../../src/ledger/index.js';
import { exampleLedger, FIXTURE, FIXTURE_BLOCKS } from '../ledger/fixture.js';
import { estimateByHand } from './gas-estimate-by-hand.js';

// The read API's routes over the example ledger (src/http/endpoints): answers checked against the
// ledger's records, and the node's errors for malformed input on every route (aptos-core api/src;
// texts from the api goldens where they exist: transactions_test…invalid_hash, events_test…,
// state_test…). The SDK-facing values are covered by test/sdk.

const ledger = exampleLedger();
const handler = createLedgerHandler({ source: ledger });
const head = ledger.ledgerInfo().ledgerVersion;
const USER = FIXTURE.accounts.users[0]!;
const NOTES = (FIXTURE as unknown as { notesTable: string }).notesTable;

async function get(path: string, accept = 'application/json') {
  const res = await handler(new Request(`http://x/v1${path}`, { headers: { accept } }));
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(text) as never };
}

async function post(path: string, body: unknown, accept = 'application/json', contentType = 'application/json') {
  const res = await handler(new Request(`http://x/v1${path}`, { method: 'POST', headers: { accept, 'content-type': contentType }, body: typeof body === 'string' ? body : JSON.stringify(body) }));
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, json: () => JSON.parse(new TextDecoder().decode(bytes)) as never };
}

async function refused(path: string, status: number, code: string, message: string | RegExp) {
  const r = await get(path);
  expect(r.status, path).toBe(status);
  const body = r.json() as { error_code: string; message: string };
  expect(body.error_code, path).toBe(code);
  if (typeof message === 'string') expect(body.message, path).toBe(message);
  else expect(body.message, path).toMatch(message);
}

const hashAt = (v: bigint) => toHex(transactionOnChainData.schema.decode(ledger.transactions(v, 1)[0]!.bytes).info.value.transactionHash);

describe('GET /v1 and the transactions by hash and version', () => {
  it('ledger info in JSON and BCS (IndexResponseBcs, its U64s as strings)', async () => {
    const bcs = indexResponseBcs.schema.decode((await get('', 'application/x-bcs')).bytes);
    expect(bcs).toEqual({ chainId: 4, epoch: '3', ledgerVersion: String(head), oldestLedgerVersion: '0', ledgerTimestamp: String(ledger.ledgerInfo().ledgerTimestampUsec), nodeRole: 1, oldestBlockHeight: '0', blockHeight: '306' });
  });

  it('by hash (0x optional), wait_by_hash and by version: TransactionData::OnChain of the stored record', async () => {
    for (const v of [0n, 7n, head]) {
      const want = ledger.transactions(v, 1)[0]!.bytes;
      for (const path of [`/transactions/by_hash/${hashAt(v)}`, `/transactions/by_hash/${hashAt(v).slice(2)}`, `/transactions/wait_by_hash/${hashAt(v)}`, `/transactions/by_version/${v}`]) {
        const r = await get(path, 'application/x-bcs');
        expect(r.status, path).toBe(200);
        const d = transactionData.schema.decode(r.bytes);
        expect(d.$kind).toBe('OnChain');
        expect(toHex(transactionOnChainData.schema.encode(d.value as never))).toBe(toHex(want));
        expect((await get(path)).json()).toMatchObject({ version: String(v), hash: hashAt(v) });
      }
    }
  });

  it('malformed hashes and versions: the node errors', async () => {
    const bad = 'failed to parse path `txn_hash`: failed to parse "string(HashValue)": unable to parse HashValue';
    for (const h of ['0x1', 'xyz', `0x${'0'.repeat(63)}g`, `0x${'0'.repeat(66)}`, `0X${'0'.repeat(64)}`]) {
      await refused(`/transactions/by_hash/${h}`, 400, 'web_framework_error', bad);
      await refused(`/transactions/wait_by_hash/${h}`, 400, 'web_framework_error', bad);
    }
    const missing = `0x${'ab'.repeat(32)}`;
    await refused(`/transactions/by_hash/${missing}`, 404, 'transaction_not_found', `Transaction not found by Transaction hash(${missing})`);
    await refused(`/transactions/wait_by_hash/${missing}`, 404, 'transaction_not_found', `Transaction not found by Transaction hash(${missing})`);
    await refused(`/transactions/by_version/${head + 1n}`, 404, 'transaction_not_found', `Transaction not found by Ledger version(${head + 1n})`);
    await refused('/transactions/by_version/abc', 400, 'web_framework_error', 'failed to parse path `txn_version`: failed to parse "string(U64)": Parsing u64 string "abc" failed, caused by error: invalid digit found in string');
    await refused('/transactions/by_version/18446744073709551616', 400, 'web_framework_error', /^failed to parse path `txn_version`: .*number too large/);
  });

  it('GET /transactions: 25 ending at the head by default; limits as page.rs', async () => {
    const page = (await get('/transactions')).json() as { version: string }[];
    expect(page.map((t) => t.version)).toEqual(Array.from({ length: 25 }, (_, i) => String(head - 24n + BigInt(i))));
    expect(((await get('/transactions?limit=1000')).json() as unknown[]).length).toBe(100);
    await refused('/transactions?limit=0', 400, 'invalid_input', 'Given limit value (0) must not be zero');
    await refused('/transactions?limit=-1', 400, 'web_framework_error', /^failed to parse parameter `limit`/);
  });
});

describe("an account's transactions, resources and modules", () => {
  it('transactions by sequence number: the latest 25, or from start', async () => {
    const all = ledger.accountTransactions(USER, 0n, 1000, head);
    const latest = (await get(`/accounts/${USER}/transactions`)).json() as { version: string; sequence_number: string }[];
    expect(latest.map((t) => t.version)).toEqual(all.slice(-25).map((t) => String(t.version)));
    const from = (await get(`/accounts/${USER}/transactions?start=1&limit=2`)).json() as { sequence_number: string }[];
    expect(from.map((t) => t.sequence_number)).toEqual(['1', '2']);
    expect((await get('/accounts/0x7/transactions')).json()).toEqual([]);
    await refused(`/accounts/${USER}/transactions?limit=0`, 400, 'invalid_input', 'Given limit value (0) must not be zero');
    await refused(`/accounts/${USER}/transactions?start=x`, 400, 'web_framework_error', /^failed to parse parameter `start`: failed to parse "string\(U64\)"/);
    await refused('/accounts/0xzz/transactions', 400, 'web_framework_error', /^failed to parse path `address`: failed to parse "string\(Address\)": Invalid account address/);
  });

  it('resources by page: the cursor (X-Aptos-Cursor and X-SVC-CURSOR) gives the rest; BCS is the map of the page', async () => {
    const all = (await get('/accounts/0x1/resources')).json() as { type: string }[];
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 50; i++) {
      const r = await get(`/accounts/0x1/resources?limit=3${cursor ? `&start=${cursor}` : ''}`);
      seen.push(...(r.json() as { type: string }[]).map((x) => x.type));
      cursor = r.headers.get('x-aptos-cursor');
      expect(r.headers.get('x-svc-cursor')).toBe(cursor);
      if (cursor === null) break;
    }
    expect(seen).toEqual(all.map((x) => x.type));
    expect((await get('/accounts/0x7/resources')).json()).toEqual([]);
    await refused('/accounts/0x1/resources?start=zz', 400, 'web_framework_error', 'failed to parse parameter `start`: failed to parse "string(StateKeyWrapper)": Failed to decode StateKey as hex string (occurred while parsing "optional<string(StateKeyWrapper)>")');
    await refused('/accounts/0x1/resources?start=0101', 400, 'web_framework_error', /Failed to decode StateKey from hex string/);
    await refused('/accounts/0x1/resources?limit=0', 400, 'invalid_input', 'Given limit value (0) must not be zero');
    await refused(`/accounts/0x1/resources?ledger_version=${head + 1n}`, 404, 'version_not_found', `Ledger version not found by Ledger version(${head + 1n})`);
  });

  it('modules: the stored bytecode and its ABI; one module; the node errors', async () => {
    const mods = (await get('/accounts/0x1/modules')).json() as { bytecode: string; abi: { name: string } }[];
    expect(mods.map((m) => m.abi.name).sort()).toEqual(['aptos_account', 'coin']);
    const one = await get('/accounts/0x1/module/coin', 'application/x-bcs');
    expect(toHex(one.bytes)).toBe(mods.find((m) => m.abi.name === 'coin')!.bytecode);
    expect((await get(`/accounts/${FIXTURE.accounts.issuer}/module/notes`)).json()).toMatchObject({ abi: { name: 'notes' } });
    await refused('/accounts/0x1/module/NoNoNo', 404, 'module_not_found', `Module not found by Address(0x1), Module name(NoNoNo) and Ledger version(${head})`);
    await refused('/accounts/0x1/module/1bad', 400, 'web_framework_error', `failed to parse path \`module_name\`: failed to parse "string(IdentifierWrapper)": Invalid identifier '1bad'`);
    await refused('/accounts/0x1/modules?limit=70000', 400, 'web_framework_error', /^failed to parse parameter `limit`/);
  });
});

describe('blocks by version, events, the gas estimate, table items', () => {
  it('block by version: the block holding it; the node errors', async () => {
    const b = ledger.blockByVersion(100n)!;
    const r = bcsBlock.schema.decode((await get(`/blocks/by_version/100?with_transactions=true`, 'application/x-bcs')).bytes);
    expect([r.blockHeight, r.firstVersion, r.transactions!.length]).toEqual([b.blockHeight, b.firstVersion, Number(b.lastVersion - b.firstVersion) + 1]);
    await refused(`/blocks/by_version/${head + 1n}`, 404, 'version_not_found', `Ledger version not found by Ledger version(${head + 1n})`);
    await refused('/blocks/by_version/-1', 400, 'web_framework_error', /^failed to parse path `version`: failed to parse "integer\(uint64\)"/);
    await refused('/blocks/by_version/1?with_transactions=yes', 400, 'web_framework_error', /^failed to parse parameter `with_transactions`/);
  });

  it('events by creation number and by event handle: the same v1 events, latest or from start', async () => {
    const latest = (await get('/accounts/0x1/events/3?limit=2')).json() as { sequence_number: string; version: string }[];
    expect(latest.map((e) => e.sequence_number)).toEqual(['305', '306']);
    const byHandle = (await get('/accounts/0x1/events/0x1::block::BlockResource/new_block_events?limit=2')).json();
    expect(byHandle).toEqual(latest);
    const bcs = ENDPOINTS.events_by_creation_number.bcs.schema.decode((await get('/accounts/0x1/events/3?start=0&limit=2', 'application/x-bcs')).bytes);
    expect(bcs.map((e) => [e.transactionVersion, e.event.$kind === 'V1' ? e.event.value.sequenceNumber : -1n])).toEqual([[0n, 0n], [1n, 1n]]);
    expect((await get('/accounts/0x1/events/99')).json()).toEqual([]);
    await refused('/accounts/0x1/events/invalid', 400, 'web_framework_error', 'failed to parse path `creation_number`: failed to parse "string(U64)": Parsing u64 string "invalid" failed, caused by error: invalid digit found in string');
    await refused('/accounts/0x1/events/0x1::reconfiguration::Configuration/not_found', 404, 'struct_field_not_found', `Struct Field not found by Address(0x1), Struct tag(0x1::reconfiguration::Configuration), Field name(not_found) and Ledger version(${head})`);
    await refused('/accounts/0x1/events/0x1::NotFound::Configuration/events', 404, 'resource_not_found', `Resource not found by Address(0x1), Struct tag(0x1::NotFound::Configuration) and Ledger version(${head})`);
    await refused('/accounts/0x1/events/0x1::reconfiguration::Configuration/epoch', 400, 'invalid_input', 'Deserialization error, field(epoch) type is not a EventHandle struct: unexpected end of input');
    await refused('/accounts/0x1/events/3?limit=0', 400, 'invalid_input', 'Given limit value (0) must not be zero');
  });

  it('the gas estimate over the last epoch\'s full blocks (≥ full_block_txns user transactions): as context.rs computes it, above the minimum; BCS gas_estimate', async () => {
    const model = estimateByHand(ledger, 250);
    // The example ledger's last epoch: blocks 302 to 305, each full, then the head's block (306), skipped.
    expect(model.blocks.map((b) => b.height)).toEqual([305n, 304n, 303n, 302n]);
    for (const b of model.blocks) expect(b.users, `block ${b.height}`).toBeGreaterThanOrEqual(250);
    expect(model.blocks.map((b) => b.price)).toEqual([300, 150, 300, 150]);
    const got = (await get('/estimate_gas_price')).json();
    expect(got).toEqual(model.estimate);
    expect(got).toEqual({ deprioritized_gas_estimate: 150, gas_estimate: 300, prioritized_gas_estimate: 500 });
    expect(toHex((await get('/estimate_gas_price', 'application/x-bcs')).bytes)).toBe('0x2c01000000000000');
  });

  it('the gas estimate over blocks below full_block_txns (300): the minimum and its next bucket', async () => {
    const h = createLedgerHandler({ source: ledger, gasEstimation: { fullBlockTxns: 300 } });
    const model = estimateByHand(ledger, 300);
    expect(model.blocks.map((b) => b.price)).toEqual([100, 100, 100, 100]);
    expect(await (await h(new Request('http://x/v1/estimate_gas_price'))).json()).toEqual({ deprioritized_gas_estimate: 100, gas_estimate: 100, prioritized_gas_estimate: 150 });
    expect(model.estimate).toEqual({ deprioritized_gas_estimate: 100, gas_estimate: 100, prioritized_gas_estimate: 150 });
  });

  it("the gas estimate with full blocks (full_block_txns 1): the node's low, market and p90 over the epoch's recent blocks", async () => {
    // The example ledger as it stands before its last epoch (blocks 0 to 300): epoch 2's 150 blocks,
    // some with a user transaction (full here, next bucket of 100 = 150), some without (100).
    const before = createMemoryLedger();
    before.ingest(FIXTURE_BLOCKS.slice(0, 301));
    const model = estimateByHand(before, 1);
    expect(model.blocks.length).toBe(120);
    const got = await (await createLedgerHandler({ source: before, gasEstimation: { fullBlockTxns: 1 } })(new Request('http://x/v1/estimate_gas_price'))).json();
    expect(got).toEqual(model.estimate);
    expect(model.estimate.gas_estimate).toBe(150);
  });

  it('table items: typed (JSON and BCS), raw (BCS only); the node errors', async () => {
    const typed = await post(`/tables/${NOTES}/item`, { key_type: 'u64', value_type: '0x1::string::String', key: '3' });
    expect(typed.json()).toBe('third note');
    const bcs = await post(`/tables/${NOTES}/item`, { key_type: 'u64', value_type: '0x1::string::String', key: '3' }, 'application/x-bcs');
    const raw = await post(`/tables/${NOTES}/raw_item`, { key: '0x0300000000000000' }, 'application/x-bcs');
    expect(toHex(raw.bytes)).toBe(toHex(bcs.bytes));
    expect(new TextDecoder().decode(raw.bytes.subarray(1))).toBe('third note');
    const missing = await post(`/tables/${NOTES}/item`, { key_type: 'u64', value_type: 'u64', key: '9' });
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: 'table_item_not_found', message: `Table Item not found by Table handle(${NOTES}), Table key("9") and Ledger version(${head})` });
    expect((await post(`/tables/${NOTES}/raw_item`, { key: '0x0300000000000000' })).status).toBe(403);
    expect((await post(`/tables/${NOTES}/item`, { key_type: 'u64<', value_type: 'u64', key: '1' })).json()).toMatchObject({ error_code: 'invalid_input', message: 'Failed to parse key_type' });
    expect((await post(`/tables/${NOTES}/item`, { key_type: 'u64', value_type: 'u64', key: 'x' })).json()).toMatchObject({ error_code: 'invalid_input' });
    expect((await post(`/tables/${NOTES}/item`, '{')).json()).toMatchObject({ error_code: 'web_framework_error' });
    expect((await post(`/tables/${NOTES}/item`, '{}', 'application/json', 'text/plain')).status).toBe(415);
    expect((await post('/tables/0xzz/item', {})).status).toBe(400);
  });
});
