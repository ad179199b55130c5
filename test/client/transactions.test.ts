// submitTransaction, getTransactionByHash, waitForTransaction, getAccountModule and abiResolverFrom
// against a loopback stand-in answering as the node does (node-stand-in.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { createLedgerClient, abiResolverFrom, isLedgerApiError, isTransactionWaitError, isLedgerNetworkError, SIGNED_TRANSACTION_BCS } from '../../src/client/index.js';
import { abiRegistry, encodeSubmission, encodeSubmissionAsync } from '../../src/submission/index.js';
import { isApiError } from '../../src/records/index.js';
import { signSubmission } from '../../src/signing/index.js';
import { CAFE_ABI, TRANSFER } from './helpers.js';
import { startStandIn, type StandIn } from './node-stand-in.js';

const KEY = 'ed25519-priv-0xc5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5';
const CAFE = `0x${'0'.repeat(60)}cafe`;

let node: StandIn | undefined;
afterEach(async () => {
  await node?.close();
  node = undefined;
});

const rejection = (p: Promise<unknown>) => p.then(() => expect.unreachable(), (e: unknown) => e);

describe('submit and wait', () => {
  it('submits the signed bytes with the BCS content type, gets 202 pending, then the committed transaction', async () => {
    node = await startStandIn({ pendingPolls: 2 });
    const client = createLedgerClient({ baseUrl: node.url });
    const signed = await signSubmission(TRANSFER, KEY, { chainId: 4 });
    const pending = await client.submitTransaction(signed.bytes);
    // The submit answer is a PendingTransaction, which has no `type` (api/types/src/transaction.rs).
    expect(pending.data.type).toBeUndefined();
    expect(pending.data.hash).toBe(signed.hash);
    expect(pending.ledgerInfo.chainId).toBe(4);
    expect(node.submitted[0]).toEqual(signed.bytes);
    expect(SIGNED_TRANSACTION_BCS).toBe('application/x.aptos.signed_transaction+bcs');
    expect((await client.getTransactionByHash(signed.hash)).data.type).toBe('pending_transaction');
    const done = await client.waitForTransaction(signed.hash, { timeoutMs: 10_000 });
    expect(done.data).toMatchObject({ type: 'user_transaction', hash: signed.hash, success: true, vm_status: 'Executed successfully', version: '1000' });
    expect(node.seen.filter((s) => s.includes('wait_by_hash')).length).toBeGreaterThan(0);
  });

  it('a node without wait_by_hash is polled by hash', async () => {
    node = await startStandIn({ waitByHash: false, pendingPolls: 1 });
    const client = createLedgerClient({ baseUrl: node.url });
    const signed = await signSubmission(TRANSFER, KEY, { chainId: 4 });
    await client.submitTransaction(signed.bytes);
    const done = await client.waitForTransaction(signed.hash);
    expect(done.data.success).toBe(true);
    expect(node.seen.filter((s) => s.startsWith('GET /v1/transactions/by_hash')).length).toBe(2);
  });

  it('a failed transaction rejects with its vm_status (or resolves with checkSuccess false)', async () => {
    node = await startStandIn({ outcome: () => 'Move abort in 0x1::coin: EINSUFFICIENT_BALANCE(0x10006): Not enough coins to complete transaction' });
    const client = createLedgerClient({ baseUrl: node.url });
    const signed = await signSubmission(TRANSFER, KEY, { chainId: 4 });
    await client.submitTransaction(signed.bytes);
    const e = await rejection(client.waitForTransaction(signed.hash));
    expect(isTransactionWaitError(e) && e.kind).toBe('failed');
    expect(isTransactionWaitError(e) && e.vmStatus).toMatch(/EINSUFFICIENT_BALANCE/);
    const r = await client.waitForTransaction(signed.hash, { checkSuccess: false });
    expect(r.data.success).toBe(false);
  });

  it('not committed in time is a typed timeout naming what was last seen', async () => {
    node = await startStandIn({ neverCommit: true });
    const client = createLedgerClient({ baseUrl: node.url });
    const signed = await signSubmission(TRANSFER, KEY, { chainId: 4 });
    await client.submitTransaction(signed.bytes);
    const e = await rejection(client.waitForTransaction(signed.hash, { timeoutMs: 300 }));
    expect(isTransactionWaitError(e) && e.kind).toBe('timeout');
    expect((e as Error).message).toMatch(/last seen: pending/);
    const unknown = await rejection(client.waitForTransaction(`0x${'ab'.repeat(32)}`, { timeoutMs: 300 }));
    expect(isTransactionWaitError(unknown) && unknown.message).toMatch(/last seen: not found/);
  });

  it("the caller's abort wins over the deadline", async () => {
    node = await startStandIn({ neverCommit: true });
    const client = createLedgerClient({ baseUrl: node.url });
    const ac = new AbortController();
    const p = client.waitForTransaction(`0x${'ab'.repeat(32)}`, { timeoutMs: 10_000, signal: ac.signal });
    const reason = new Error('stop');
    setTimeout(() => ac.abort(reason), 50);
    expect(await rejection(p)).toBe(reason);
  });

  it("a refused submission is the node's error body, and is never retried", async () => {
    node = await startStandIn({ minSequenceNumber: 100n });
    const client = createLedgerClient({ baseUrl: node.url, retries: 3 });
    const signed = await signSubmission(TRANSFER, KEY, { chainId: 4 });
    const e = await rejection(client.submitTransaction(signed.bytes));
    expect(isLedgerApiError(e) && [e.status, e.errorCode, e.vmErrorCode]).toEqual([400, 'vm_error', 3]);
    expect(node.seen.filter((s) => s.startsWith('POST')).length).toBe(1);
  });

  it('bad arguments fail before any request', async () => {
    node = await startStandIn();
    const client = createLedgerClient({ baseUrl: node.url });
    expect(await rejection(client.getTransactionByHash('0x12'))).toMatchObject({ name: 'BcsError' });
    expect(await rejection(client.submitTransaction('0x00' as never))).toMatchObject({ name: 'BcsError' });
    expect(await rejection(client.waitForTransaction(`0x${'ab'.repeat(32)}`, { timeoutMs: -1 }))).toMatchObject({ name: 'UsageError', code: 'invalid_option' });
    expect(await rejection(client.getAccountModule('0x1', 'no-such'))).toMatchObject({ name: 'BcsError' });
    expect(node.seen).toEqual([]);
  });

  it('a malformed transaction answer is a LedgerResponseError naming the field', async () => {
    const { startStub, jsonReply } = await import('./helpers.js');
    const stub = await startStub(() => jsonReply(JSON.stringify({ type: 'user_transaction', hash: `0x${'ab'.repeat(32)}`, version: '1', success: 'yes', vm_status: '' })));
    try {
      const e = await rejection(createLedgerClient({ baseUrl: stub.url }).getTransactionByHash(`0x${'ab'.repeat(32)}`));
      expect(e).toMatchObject({ name: 'LedgerResponseError', code: 'malformed_body' });
      expect((e as Error).message).toMatch(/success/);
    } finally {
      await stub.close();
    }
  });
});

describe('an exception thrown by a caller-supplied fetch', () => {
  it('is passed on as it is, not reported as a network error; a TypeError still is one', async () => {
    const mine = new RangeError('my fetch wrapper refused');
    const client = createLedgerClient({ baseUrl: 'http://127.0.0.1:1', fetch: () => Promise.reject(mine), retries: 2, retryBaseDelayMs: 1 });
    expect(await rejection(client.healthy())).toBe(mine);
    const sync = createLedgerClient({ baseUrl: 'http://127.0.0.1:1', fetch: () => { throw mine; } });
    expect(await rejection(sync.healthy())).toBe(mine);
    const net = createLedgerClient({ baseUrl: 'http://127.0.0.1:1', fetch: () => Promise.reject(new TypeError('fetch failed')) });
    expect(isLedgerNetworkError(await rejection(net.healthy()))).toBe(true);
  });
});

describe('modules from the node', () => {
  const call = { ...TRANSFER, payload: { type: 'entry_function_payload', function: '0xcafe::m::f', type_arguments: [], arguments: ['5'] } };

  it('getAccountModule answers { bytecode, abi }; abiResolverFrom feeds encodeSubmissionAsync', async () => {
    node = await startStandIn({ modules: { [`${CAFE}::m`]: CAFE_ABI } });
    const client = createLedgerClient({ baseUrl: node.url });
    const m = await client.getAccountModule('0xcafe', 'm');
    expect(m.data.abi?.name).toBe('m');
    expect(isApiError((() => { try { encodeSubmission(call, { chainId: 4 }); } catch (e) { return e; } })())).toBe(true);
    const viaNode = await encodeSubmissionAsync(call, { chainId: 4, resolve: abiResolverFrom(client) });
    expect(viaNode.hex).toBe(encodeSubmission(call, { chainId: 4, abis: [CAFE_ABI as never] }).hex);
    // The node's module answer is accepted wherever a bare ABI is.
    expect(encodeSubmission(call, { chainId: 4, abis: abiRegistry([{ bytecode: '0x00', abi: CAFE_ABI as never }]) }).hex).toBe(viaNode.hex);
  });

  it('a module the node does not have resolves to nothing: the encoder answers its own not-found error', async () => {
    node = await startStandIn();
    const client = createLedgerClient({ baseUrl: node.url });
    const e = await rejection(encodeSubmissionAsync(call, { chainId: 4, resolve: abiResolverFrom(client) }));
    expect(isApiError(e) && e.status).toBe(400);
    expect(node.seen).toContain(`GET /v1/accounts/${CAFE}/module/m`);
  });
});
