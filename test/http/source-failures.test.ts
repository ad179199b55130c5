import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedgerHandler } from '../../src/http/handler.js';
import type { LedgerSource } from '../../src/ledger/index.js';
import { exampleLedger, FIXTURE } from '../ledger/fixture.js';
import { errorBody, listen, type Running } from './helpers.js';

// A source that fails, at once or later, over the node adapter: the handler answers synchronously
// when the source does (src/http/exchange.ts `after`), so a throw must still become the node's 500
// and leave the server serving.

const USER = FIXTURE.accounts.users[0]!;
const APT = encodeURIComponent('0x1::aptos_coin::AptosCoin');
let mode: 'ok' | 'throw' | 'reject' = 'ok';
let srv: Running;

beforeAll(async () => {
  const ledger = exampleLedger();
  const source: LedgerSource = {
    ledgerInfo: () => ledger.ledgerInfo(),
    stateValue: (key, version) => {
      if (mode === 'throw') throw new Error('disk at /secret/path failed');
      if (mode === 'reject') return Promise.reject(new Error('disk at /secret/path failed'));
      return ledger.stateValue(key, version);
    },
    accountTransactionSummaries: (a, q) => ledger.accountTransactionSummaries(a, q),
    blockByHeight: (h) => ledger.blockByHeight(h),
    transactions: (s, l) => ledger.transactions(s, l),
    transactionVersion: (h) => ledger.transactionVersion(h),
    blockByVersion: (v) => ledger.blockByVersion(v),
    accountState: (a, q) => ledger.accountState(a, q),
    accountTransactions: (a, s, l, v) => ledger.accountTransactions(a, s, l, v),
    events: (n, a, q) => ledger.events(n, a, q),
  };
  srv = await listen(createLedgerHandler({ source }));
});
afterAll(() => srv.close());

describe('a failing source', () => {
  for (const path of [`/v1/accounts/${USER}`, `/v1/accounts/${USER}/balance/${APT}`]) {
    it(`${path.split('/')[4] ?? 'account'}: 500 internal_error whether it throws or rejects, then serves again`, async () => {
      for (const m of ['throw', 'reject'] as const) {
        mode = m;
        const res = await fetch(srv.url + path);
        expect(res.status, m).toBe(500);
        expect(res.headers.get('x-svc-chain-id')).not.toBeNull();
        expect(await errorBody(res)).toEqual({ message: 'Internal error', error_code: 'internal_error', vm_error_code: null });
      }
      mode = 'ok';
      const ok = await fetch(srv.url + path);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toMatch(/^(\{"sequence_number"|[0-9]+$)/);
    });
  }
});

describe('a logger that throws', () => {
  it('does not take the server down: each request is still answered', async () => {
    const logging = await listen(createLedgerHandler({ source: exampleLedger() }), {
      onResponse: () => {
        throw new Error('log sink full');
      },
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${logging.url}/v1/accounts/${USER}`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
      }
    } finally {
      await logging.close();
    }
  });
});
