import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLedgerClient, type LedgerClient } from '../../src/client/index.js';
import { accountResource, bcsBlock, ledgerInfoHeaders, transactionSummaries, type LedgerInfo } from '../../src/records/index.js';
import { bcs, equalBytes } from '../../src/bcs/index.js';
import { recordArbitraries } from '../records/arbitraries.js';
import { SENDER, startStub, type Stub } from './helpers.js';

// Whatever the record codecs write, the client reads back to the same bytes, and whatever ledger
// position the headers carry, the client reports it: the test node serves the current case.
let current: { body: Uint8Array; headers: Record<string, string> } = { body: new Uint8Array(0), headers: {} };
let stub: Stub;
let c: LedgerClient;
beforeAll(async () => {
  stub = await startStub(() => ({ headers: { ...current.headers, 'content-type': 'application/x-bcs' }, body: current.body }));
  c = createLedgerClient({ baseUrl: stub.url });
});
afterAll(() => stub.close());

const a = recordArbitraries();
const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const ledgerInfo: fc.Arbitrary<LedgerInfo> = fc.record(
  {
    chainId: fc.integer({ min: 0, max: 255 }),
    ledgerVersion: u64,
    oldestLedgerVersion: u64,
    ledgerTimestampUsec: u64,
    epoch: u64,
    blockHeight: u64,
    oldestBlockHeight: u64,
    gasUsed: u64,
    cursor: fc.stringMatching(/^[A-Za-z0-9+/=]{1,40}$/),
  },
  { requiredKeys: ['chainId', 'ledgerVersion', 'oldestLedgerVersion', 'ledgerTimestampUsec', 'epoch', 'blockHeight', 'oldestBlockHeight'] },
);

const RUNS = { numRuns: 40 };

describe('client round trips over HTTP', () => {
  it('account resources', async () => {
    await fc.assert(
      fc.asyncProperty(a.AccountResource, ledgerInfo, async (v, info) => {
        current = { body: accountResource.schema.encode(v as never), headers: ledgerInfoHeaders(info) };
        const r = await c.getAccount(SENDER);
        expect(equalBytes(accountResource.schema.encode(r.data), current.body)).toBe(true);
        expect(r.ledgerInfo).toEqual(info);
        expect(r.cursor).toBe(info.cursor);
      }),
      RUNS,
    );
  });

  it('transaction summary pages', async () => {
    await fc.assert(
      fc.asyncProperty(a.TransactionSummaries, ledgerInfo, async (v, info) => {
        current = { body: transactionSummaries.schema.encode(v as never), headers: ledgerInfoHeaders(info) };
        const r = await c.getTransactionSummaries(SENDER);
        expect(equalBytes(transactionSummaries.schema.encode(r.data), current.body)).toBe(true);
      }),
      RUNS,
    );
  });

  it('balances', async () => {
    await fc.assert(
      fc.asyncProperty(u64, ledgerInfo, async (v, info) => {
        current = { body: bcs.u64.encode(v), headers: ledgerInfoHeaders(info) };
        expect((await c.getBalance(SENDER, '0xa')).data).toBe(v);
      }),
      RUNS,
    );
  });

  it('blocks, with and without transactions', async () => {
    await fc.assert(
      fc.asyncProperty(a.BcsBlock, ledgerInfo, async (v, info) => {
        current = { body: bcsBlock.schema.encode(v as never), headers: ledgerInfoHeaders(info) };
        const r = await c.getBlockByHeight(1, { withTransactions: true });
        expect(equalBytes(bcsBlock.schema.encode(r.data), current.body)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });

  it('every strict prefix of an account body is a malformed-body error', async () => {
    const body = accountResource.schema.encode((await fc.sample(a.AccountResource, 1))[0] as never);
    current = { body, headers: ledgerInfoHeaders({ chainId: 1, ledgerVersion: 1n, oldestLedgerVersion: 0n, ledgerTimestampUsec: 1n, epoch: 1n, blockHeight: 1n, oldestBlockHeight: 0n }) };
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: body.length - 1 }), async (n) => {
        current = { ...current, body: body.subarray(0, n) };
        const e = await c.getAccount(SENDER).then(() => undefined, (x: unknown) => x);
        expect(e).toMatchObject({ name: 'LedgerResponseError', code: 'malformed_body' });
      }),
      RUNS,
    );
  });
});
