import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/bcs/index.js';
import { createLedgerHandler } from '../../src/http/handler.js';
import { createMemoryLedger, resourceKey, type MemoryLedger } from '../../src/ledger/index.js';
import { accountResource, bcsBlock, transactionSummaries, transactionSummaryJson } from '../../src/records/index.js';
import { makeExampleLedger } from '../../scripts/example-ledger/index.mjs';
import { exampleLedger, FIXTURE } from '../ledger/fixture.js';
import { errorBody, listen, type Running } from './helpers.js';

// Every state endpoint × format × status over real loopback servers: the example ledger, the same
// pruned to a window, and a small ledger whose DEFAULT_ACCOUNT_RESOURCE feature is off.

const BCS = { accept: 'application/x-bcs' };
const GOLDENS = new URL('../../fixtures/node-goldens/', import.meta.url);
const USER = FIXTURE.accounts.users[0]!;
const NEWCOMER_FREE = '0x' + '77'.repeat(32); // never on the example ledger

let full: Running;
let pruned: Running;
let flagOff: Running;
let ledger: MemoryLedger;
let offLedger: MemoryLedger;

beforeAll(async () => {
  ledger = exampleLedger();
  full = await listen(createLedgerHandler({ source: ledger }));
  pruned = await listen(createLedgerHandler({ source: exampleLedger({ pruneWindow: 200 }) }));
  offLedger = createMemoryLedger();
  offLedger.ingest(makeExampleLedger({ blocks: 12, defaultAccountResource: false }).blocks);
  flagOff = await listen(createLedgerHandler({ source: offLedger }));
});
afterAll(async () => {
  await Promise.all([full.close(), pruned.close(), flagOff.close()]);
});

const get = (r: Running, path: string, headers: Record<string, string> = {}) => fetch(`${r.url}/v1${path}`, { headers });
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

async function expectError(res: Response, status: number, code: string, message?: string) {
  expect(res.status).toBe(status);
  const body = await errorBody(res);
  expect(body.error_code).toBe(code);
  if (message !== undefined) expect(body.message).toBe(message);
  // Errors carry the ledger headers too.
  expect(res.headers.get('x-svc-ledger-version')).not.toBeNull();
  return body;
}

function golden(name: string): unknown[] {
  // Some goldens hold several bodies one after another.
  const text = readFileSync(new URL(`aptos_api__tests__${name}.json`, GOLDENS), 'utf8');
  return text.split(/\n(?=[[{])/).map((t) => JSON.parse(t));
}

describe('X-SVC headers from the source, on every answer', () => {
  it('200 and errors alike', async () => {
    for (const path of [`/accounts/${USER}`, '/accounts/0xzz', '/blocks/by_height/9999', `/accounts/${USER}/transaction_summaries`]) {
      const res = await get(full, path);
      expect(res.headers.get('x-svc-chain-id')).toBe('4');
      expect(res.headers.get('x-svc-ledger-version')).toBe('2241');
      expect(res.headers.get('x-svc-ledger-oldest-version')).toBe('0');
      expect(res.headers.get('x-svc-epoch')).toBe('3');
      expect(res.headers.get('x-svc-ledger-timestampusec')).toBe('1700000365307701');
      expect(res.headers.get('x-svc-block-height')).toBe('306');
      expect(res.headers.get('x-svc-oldest-block-height')).toBe('0');
      await res.arrayBuffer();
    }
  });
});

describe('GET /accounts/{address}', () => {
  it('200 JSON and BCS: the stored AccountResource', async () => {
    const j = await get(full, `/accounts/${USER}`);
    expect(j.status).toBe(200);
    expect(j.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const json = await j.json();
    const b = await get(full, `/accounts/${USER.slice(2)}`, BCS);
    expect(b.headers.get('content-type')).toBe('application/x-bcs');
    const raw = await bytes(b);
    const acct = accountResource.schema.decode(raw);
    expect(json).toEqual({ sequence_number: String(acct.sequenceNumber), authentication_key: toHex(acct.authenticationKey) });
    expect(acct.sequenceNumber).toBeGreaterThan(0n);
  });

  it('at a ledger_version: the state then', async () => {
    const key = resourceKey(USER, { address: '0x1', module: 'account', name: 'Account', typeArgs: [] });
    for (const v of [100n, 500n, 1193n]) {
      const then = accountResource.schema.decode(ledger.stateValue(key, v)!);
      const res = await get(full, `/accounts/${USER}?ledger_version=${v}`);
      expect(await res.json()).toEqual({ sequence_number: String(then.sequenceNumber), authentication_key: USER });
    }
    expect(await (await get(full, `/accounts/${USER}?ledger_version=100`)).json()).not.toEqual(await (await get(full, `/accounts/${USER}`)).json());
  });

  it('no Account resource, DEFAULT_ACCOUNT_RESOURCE on: the stateless default (test_get_core_account_data_not_found)', async () => {
    const res = await get(full, '/accounts/0xf');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ sequence_number: '0', authentication_key: '0x000000000000000000000000000000000000000000000000000000000000000f' });
    const g = golden('accounts_test__test_get_core_account_data_not_found');
    expect(body).toEqual(g[0]);
    const raw = await bytes(await get(full, `/accounts/${NEWCOMER_FREE}`, BCS));
    expect(accountResource.schema.decode(raw)).toMatchObject({ sequenceNumber: 0n, guidCreationNum: 2n, authenticationKey: fromHex(NEWCOMER_FREE) });
  });

  it('no Account resource, DEFAULT_ACCOUNT_RESOURCE off: 404 account_not_found', async () => {
    const info = offLedger.ledgerInfo();
    await expectError(await get(flagOff, '/accounts/0xf'), 404, 'account_not_found', `Account not found by Address(0xf) and Ledger version(${info.ledgerVersion})`);
    await expectError(await get(flagOff, '/accounts/0xf?ledger_version=3', BCS), 404, 'account_not_found', 'Account not found by Address(0xf) and Ledger version(3)');
  });

  it('400 on a bad address or ledger_version, with the goldens', async () => {
    const z = await expectError(await get(full, '/accounts/0xzz'), 400, 'web_framework_error');
    const x = await expectError(await get(full, '/accounts/0xxx', BCS), 400, 'web_framework_error');
    const g = golden('state_test__test_get_account_resource_by_invalid_address');
    expect([x.message, z.message]).toEqual(g.map((b) => (b as { message: string }).message));
    const v = await expectError(await get(full, `/accounts/${USER}?ledger_version=-1`), 400, 'web_framework_error');
    const gv = golden('accounts_test__test_get_account_resources_by_invalid_ledger_version');
    expect(v).toEqual(gv[0]);
  });

  it('404 version_not_found past the latest, 410 version_pruned below the oldest', async () => {
    const big = await expectError(await get(full, `/accounts/${USER}?ledger_version=1000000000000000000`), 404, 'version_not_found');
    const g = golden('accounts_test__test_get_account_resources_by_too_large_ledger_version');
    expect(big).toEqual(g[0]);
    await expectError(await get(full, `/accounts/${USER}?ledger_version=100000000`), 404, 'version_not_found', 'Ledger version not found by Ledger version(100000000)');
    await expectError(await get(pruned, `/accounts/${USER}?ledger_version=5`, BCS), 410, 'version_pruned', 'Ledger version(5) has been pruned');
  });
});

describe('GET /accounts/{address}/balance/{asset_type}', () => {
  const APT = encodeURIComponent('0x1::aptos_coin::AptosCoin');
  it('a coin type: its CoinStore plus the paired primary store (JSON number, BCS u64)', async () => {
    // The legacy account holds APT both as a CoinStore and in its 0xa primary store.
    const j = await get(full, `/accounts/${FIXTURE.accounts.legacy}/balance/${APT}`);
    expect(j.status).toBe(200);
    const text = await j.text();
    expect(text).toMatch(/^[0-9]+$/);
    const b = await bytes(await get(full, `/accounts/${FIXTURE.accounts.legacy}/balance/${APT}`, BCS));
    expect(b.length).toBe(8);
    expect(new DataView(b.buffer).getBigUint64(0, true)).toBe(BigInt(text));
    const coinOnly = await (await get(full, `/accounts/${FIXTURE.accounts.legacy}/balance/${APT}?ledger_version=3`)).text();
    const faOnly = await (await get(full, `/accounts/${FIXTURE.accounts.legacy}/balance/0xa`)).text();
    expect(BigInt(text)).toBeGreaterThan(BigInt(faOnly));
    expect(BigInt(faOnly)).toBeGreaterThan(0n);
    expect(coinOnly).toBe('5000000000');
  });

  it('a fungible-asset metadata address: its primary store; none is 0', async () => {
    expect(await (await get(full, `/accounts/${USER}/balance/${FIXTURE.fungibleAsset}`)).text()).toBe('4999100');
    expect(await (await get(full, `/accounts/${NEWCOMER_FREE}/balance/${APT}`)).text()).toBe('0');
  });

  it('400 on a bad asset type or address; 404 and 410 on versions', async () => {
    await expectError(await get(full, `/accounts/${USER}/balance/${encodeURIComponent('0x1::coin')}`), 400, 'web_framework_error');
    await expectError(await get(full, `/accounts/0xgg/balance/${APT}`), 400, 'web_framework_error');
    await expectError(await get(full, `/accounts/${USER}/balance/${APT}?ledger_version=99999`, BCS), 404, 'version_not_found');
    await expectError(await get(pruned, `/accounts/${USER}/balance/${APT}?ledger_version=0`), 410, 'version_pruned');
  });
});

describe('GET /accounts/{address}/transaction_summaries', () => {
  it('the latest page by default (max 100), ascending, JSON and BCS alike', async () => {
    const j = await (await get(full, `/accounts/${USER}/transaction_summaries`)).json();
    const b = transactionSummaries.schema.decode(await bytes(await get(full, `/accounts/${USER}/transaction_summaries`, BCS)));
    expect(j).toEqual(b.map(transactionSummaryJson));
    const versions = b.map((s) => s.value.version);
    expect([...versions].sort((x, y) => (x < y ? -1 : 1))).toEqual(versions);
    expect(b.at(-1)!.value.version).toBe(ledger.accountTransactionSummaries(USER, { limit: 1, ledgerVersion: 2241n })[0]!.value.version);
  });

  it('start_version, end_version and limit select as the node does; orderless ones included', async () => {
    const all = transactionSummaries.schema.decode(await bytes(await get(full, `/accounts/${USER}/transaction_summaries?limit=1000`, BCS)));
    expect(all.length).toBeLessThanOrEqual(100); // min(limit, max_transactions_page_size)
    const mid = all[5]!.value.version;
    const from = transactionSummaries.schema.decode(await bytes(await get(full, `/accounts/${USER}/transaction_summaries?start_version=${mid}&limit=3`, BCS)));
    expect(from).toEqual(all.slice(5, 8));
    const upTo = transactionSummaries.schema.decode(await bytes(await get(full, `/accounts/${USER}/transaction_summaries?end_version=${mid}&limit=2`, BCS)));
    expect(upTo).toEqual(all.slice(4, 6));
    expect(await (await get(full, `/accounts/${USER}/transaction_summaries?limit=0`)).json()).toEqual([]);
    expect(await (await get(full, `/accounts/${NEWCOMER_FREE}/transaction_summaries`)).json()).toEqual([]);
    const kinds = new Set<string>();
    for (const u of FIXTURE.accounts.users) {
      const list = transactionSummaries.schema.decode(await bytes(await get(full, `/accounts/${u}/transaction_summaries`, BCS)));
      for (const s of list) kinds.add(s.value.replayProtector.$kind);
    }
    expect([...kinds].sort()).toEqual(['Nonce', 'SequenceNumber']);
  });

  it('400 on each bad parameter (poem texts)', async () => {
    const limit = await expectError(await get(full, `/accounts/${USER}/transaction_summaries?limit=x`), 400, 'web_framework_error');
    const g = golden('transactions_test__test_get_transactions_with_invalid_limit_param');
    expect(limit).toEqual(g[0]);
    await expectError(await get(full, `/accounts/${USER}/transaction_summaries?limit=65536`), 400, 'web_framework_error',
      'failed to parse parameter `limit`: failed to parse "integer(uint16)": number too large to fit in target type (occurred while parsing "optional<integer(uint16)>")');
    await expectError(await get(full, `/accounts/${USER}/transaction_summaries?start_version=hello`, BCS), 400, 'web_framework_error',
      'failed to parse parameter `start_version`: failed to parse "string(U64)": Parsing u64 string "hello" failed, caused by error: invalid digit found in string (occurred while parsing "optional<string(U64)>")');
    await expectError(await get(full, `/accounts/${USER}/transaction_summaries?end_version=`), 400, 'web_framework_error');
    await expectError(await get(full, '/accounts/0x/transaction_summaries'), 400, 'web_framework_error');
  });
});

describe('GET /blocks/by_height/{h}', () => {
  it('the header, JSON with transactions null when not requested (test_get_genesis_block_by_height)', async () => {
    const body = await (await get(full, '/blocks/by_height/0')).json();
    const g = golden('blocks_test__test_get_genesis_block_by_height');
    // The node's test writer blanks the hash.
    expect({ ...body, block_hash: '' }).toEqual(g[0]);
  });

  it('BCS with and without transactions: the BcsBlock of the stored records', async () => {
    const header = bcsBlock.schema.decode(await bytes(await get(full, '/blocks/by_height/20', BCS)));
    expect(header.transactions).toBeNull();
    const withTx = bcsBlock.schema.decode(await bytes(await get(full, '/blocks/by_height/20?with_transactions=true', BCS)));
    expect(withTx.transactions!.map((t) => t.version)).toEqual([64n, 65n, 66n]);
    expect({ ...withTx, transactions: null }).toEqual(header);
    const json = await (await get(full, '/blocks/by_height/20?with_transactions=false')).json();
    expect(json).toEqual({
      block_height: '20', block_hash: toHex(header.blockHash), block_timestamp: String(header.blockTimestamp),
      first_version: '64', last_version: '66', transactions: null,
    });
  });

  it("JSON with transactions: the node's JSON of each, for every block of the example ledger", async () => {
    const types = new Set<string>();
    for (let h = 0; h <= 306; h++) {
      const res = await get(full, `/blocks/by_height/${h}?with_transactions=true`);
      expect(res.status, `block ${h}`).toBe(200);
      const body = await res.json();
      for (const t of body.transactions) types.add(t.type);
      expect(body.transactions.length).toBe(Number(body.last_version) - Number(body.first_version) + 1);
    }
    expect([...types].sort()).toEqual(['block_epilogue_transaction', 'block_metadata_transaction', 'genesis_transaction', 'state_checkpoint_transaction', 'user_transaction']);
  });

  it('transactions capped at max_block_transactions_page_size', async () => {
    const small = await listen(createLedgerHandler({ source: ledger, limits: { maxBlockTransactionsPageSize: 2 } }));
    try {
      const b = bcsBlock.schema.decode(await bytes(await get(small, '/blocks/by_height/20?with_transactions=true', BCS)));
      expect(b.transactions!.length).toBe(2);
      expect(b.lastVersion).toBe(66n);
    } finally {
      await small.close();
    }
  });

  it('404 block_not_found, 410 block_pruned, 400 on bad parameters', async () => {
    const nf = await expectError(await get(full, '/blocks/by_height/1000'), 404, 'block_not_found', 'Block not found by Block height(1000)');
    const g = golden('blocks_test__test_get_unknown_block_by_height');
    expect(nf).toEqual(g[0]);
    await expectError(await get(pruned, '/blocks/by_height/3', BCS), 410, 'block_pruned', 'Block(3) has been pruned');
    await expectError(await get(full, '/blocks/by_height/-1'), 400, 'web_framework_error', 'failed to parse path `block_height`: failed to parse "integer(uint64)": invalid digit found in string');
    await expectError(await get(full, '/blocks/by_height/18446744073709551616'), 400, 'web_framework_error');
    await expectError(await get(full, '/blocks/by_height/1?with_transactions=1'), 400, 'web_framework_error');
  });
});

describe('routing', () => {
  it('405 for other methods, HEAD as GET, 404 for unknown paths', async () => {
    const post = await fetch(`${full.url}/v1/accounts/${USER}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    await post.arrayBuffer();
    const head = await fetch(`${full.url}/v1/blocks/by_height/1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    for (const p of [`/accounts/${USER}/`, '/accounts//balance/0xa', '/blocks/by_height', '/blocks/by_height/1/x']) {
      await expectError(await get(full, p), 404, 'web_framework_error', 'not found');
    }
  });

  it('without a source the state routes stay 404', async () => {
    const bare = await listen(createLedgerHandler({ ledgerInfo: () => ledger.ledgerInfo() }));
    try {
      await expectError(await get(bare, `/accounts/${USER}`), 404, 'web_framework_error');
    } finally {
      await bare.close();
    }
  });
});
