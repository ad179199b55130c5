import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { createLedgerHandler } from '../../src/http/handler.js';
import { answerMemo, KEPT_ANSWER_BYTES, KEPT_ANSWERS, type KeptAnswer } from '../../src/http/responses.js';
import { createMemoryLedger, type LedgerSource, type MemoryLedger } from '../../src/ledger/index.js';
import { transactionOnChainData } from '../../src/records/index.js';
import { exampleLedger, FIXTURE, FIXTURE_BLOCKS } from '../ledger/fixture.js';

// Whole answers kept between requests (src/http/responses.ts `keptAnswers`): a kept answer must be
// the very answer a handler that has seen nothing would give (status, every header, body), for as
// long as the ledger's versions stay the same, and never after; errors are never kept; the memo is
// bounded in entries and bytes.

const USER = FIXTURE.accounts.users[0]!;
const APT = encodeURIComponent('0x1::aptos_coin::AptosCoin');
const BCS = 'application/x-bcs';

function hashAt(ledger: MemoryLedger, version: bigint): string {
  return toHex(transactionOnChainData.schema.decode(ledger.transactions(version, 1)[0]!.bytes).info.value.transactionHash);
}

/** Every route kept whole, at versions the ledger holds once it has `version`. */
function paths(hash: string): string[] {
  return [
    `/v1/accounts/${USER}`,
    `/v1/accounts/${USER}/balance/${APT}`,
    `/v1/accounts/${USER}/transaction_summaries?limit=5`,
    `/v1/accounts/${USER}/transactions?limit=3`,
    '/v1/transactions',
    '/v1/transactions?start=1&limit=2',
    `/v1/transactions/by_hash/${hash}`,
    `/v1/transactions/wait_by_hash/${hash}`,
    '/v1/transactions/by_version/3',
    '/v1/transactions/by_version/100',
    '/v1/accounts/0x1/resources?limit=3',
    '/v1/accounts/0x1/resource/0x1::chain_id::ChainId',
    '/v1/accounts/0x1/modules?limit=2',
    '/v1/accounts/0x1/module/aptos_account',
    '/v1/estimate_gas_price',
    '/v1/accounts/0x1/events/3?limit=2',
    '/v1/accounts/0x1/events/0x1::block::BlockResource/new_block_events?limit=2',
    '/v1/accounts/0x1?ledger_version=1',
  ];
}

type Handler = ReturnType<typeof createLedgerHandler>;
/** Status, every header in order, body. */
async function answer(h: Handler, path: string, accept?: string): Promise<string> {
  const res = await h(new Request(`http://localhost${path}`, { headers: accept ? { accept } : {} }));
  const headers: string[] = [];
  res.headers.forEach((v, k) => headers.push(`${k}: ${v}`));
  return `${res.status}\n${headers.join('\n')}\n${Buffer.from(await res.arrayBuffer()).toString('hex')}`;
}

function counting(ledger: MemoryLedger): { source: LedgerSource; reads: () => number } {
  let reads = 0;
  const n = <T>(v: T): T => (reads++, v);
  const source: LedgerSource = {
    ledgerInfo: () => ledger.ledgerInfo(),
    stateValue: (k, v) => n(ledger.stateValue(k, v)),
    accountTransactionSummaries: (a, q) => n(ledger.accountTransactionSummaries(a, q)),
    blockByHeight: (h) => n(ledger.blockByHeight(h)),
    transactions: (s, l) => n(ledger.transactions(s, l)),
    transactionVersion: (h) => n(ledger.transactionVersion(h)),
    blockByVersion: (v) => n(ledger.blockByVersion(v)),
    accountState: (a, q) => n(ledger.accountState(a, q)),
    accountTransactions: (a, s, l, v) => n(ledger.accountTransactions(a, s, l, v)),
    events: (c, a, q) => n(ledger.events(c, a, q)),
  };
  return { source, reads: () => reads };
}

describe('whole answers kept between requests', () => {
  it('are the answers of a fresh handler, JSON and BCS, at every step of a growing and pruning ledger', async () => {
    const hash = hashAt(exampleLedger(), 100n);
    for (const pruneWindow of [undefined, 150]) {
      const ledger = createMemoryLedger({ pruneWindow });
      const kept = createLedgerHandler({ source: ledger });
      for (let i = 0; i < FIXTURE_BLOCKS.length; i += 40) {
        ledger.ingest(FIXTURE_BLOCKS.slice(i, i + 40));
        const fresh = createLedgerHandler({ source: ledger });
        for (const p of paths(hash)) {
          for (const accept of [undefined, BCS]) {
            const want = await answer(fresh, p, accept);
            // Asked twice: made (and kept), then answered from what was kept.
            expect(await answer(kept, p, accept), `${p} ${accept ?? ''} at ${ledger.ledgerInfo().ledgerVersion}`).toBe(want);
            expect(await answer(kept, p, accept), p).toBe(want);
          }
        }
      }
    }
  });

  it('answer again without reading the source, until the ledger grows', async () => {
    const ledger = createMemoryLedger();
    ledger.ingest(FIXTURE_BLOCKS.slice(0, FIXTURE_BLOCKS.length - 2));
    const { source, reads } = counting(ledger);
    const h = createLedgerHandler({ source });
    const hash = hashAt(ledger, 100n);
    for (const p of paths(hash)) expect(await answer(h, p), p).toMatch(/^200\n/);
    const before = reads();
    const first = await Promise.all(paths(hash).map((p) => answer(h, p)));
    expect(reads()).toBe(before);
    ledger.ingest(FIXTURE_BLOCKS.slice(FIXTURE_BLOCKS.length - 2));
    const after = await Promise.all(paths(hash).map((p) => answer(h, p)));
    expect(reads()).toBeGreaterThan(before);
    // The account's page of summaries and the latest page of transactions moved with the ledger.
    expect(after).not.toEqual(first);
  });

  it('keep one answer per path, query and Accept header', async () => {
    const h = createLedgerHandler({ source: exampleLedger() });
    const fresh = () => createLedgerHandler({ source: exampleLedger() });
    const asked: [string, string | undefined][] = [
      ['/v1/accounts/0x1/resources?limit=3', undefined],
      ['/v1/accounts/0x1/resources?limit=3', BCS],
      ['/v1/accounts/0x1/resources?limit=3', `${BCS}, application/json;q=0.5`],
      ['/v1/accounts/0x1/resources?limit=2', undefined],
      ['/v1/accounts/0x1/resources', undefined],
      ['/v1/accounts/0x01/resources?limit=3', undefined],
    ];
    for (let round = 0; round < 2; round++) {
      for (const [p, accept] of asked) expect(await answer(h, p, accept), `${p} ${accept}`).toBe(await answer(fresh(), p, accept));
    }
    // The page's cursor is the page's: kept with it, and not on the last page.
    const paged = await h(new Request('http://localhost/v1/accounts/0x1/resources?limit=3'));
    expect(paged.headers.get('x-aptos-cursor')).toMatch(/^[0-9a-f]+$/);
    const whole = await h(new Request('http://localhost/v1/accounts/0x1/resources'));
    expect(whole.headers.get('x-aptos-cursor')).toBeNull();
  });

  it('never keep an error: a failing source fails, then answers', async () => {
    const ledger = exampleLedger();
    let failing = true;
    const source: LedgerSource = { ...counting(ledger).source, stateValue: (k, v) => (failing ? Promise.reject(new Error('disk')) : ledger.stateValue(k, v)) };
    const h = createLedgerHandler({ source });
    const path = '/v1/accounts/0x1/module/aptos_account';
    expect((await h(new Request(`http://localhost${path}`))).status).toBe(500);
    expect((await h(new Request(`http://localhost${path}`))).status).toBe(500);
    failing = false;
    expect(await answer(h, path)).toBe(await answer(createLedgerHandler({ source: ledger }), path));
    // Kept now: the source failing again is not asked.
    failing = true;
    expect((await h(new Request(`http://localhost${path}`))).status).toBe(200);
    // A request text past 1,024 characters is not kept: the source is asked, and fails.
    const long = `${path}?ledger_version=${'0'.repeat(1020)}1`;
    expect((await h(new Request(`http://localhost${long}`))).status).toBe(500);
  });

  it('are kept up to answerCacheBytes: 0 keeps none, and a bound that is not a byte count is refused', async () => {
    const ledger = exampleLedger();
    const { source, reads } = counting(ledger);
    const none = createLedgerHandler({ source, answerCacheBytes: 0 });
    const path = '/v1/accounts/0x1/module/aptos_account';
    const want = await answer(createLedgerHandler({ source: ledger }), path);
    expect(await answer(none, path)).toBe(want);
    const before = reads();
    expect(await answer(none, path)).toBe(want);
    expect(reads()).toBe(before + 1);
    // A bound smaller than the answer keeps nothing either.
    const small = createLedgerHandler({ source, answerCacheBytes: 100 });
    await answer(small, path);
    const then = reads();
    expect(await answer(small, path)).toBe(want);
    expect(reads()).toBe(then + 1);
    for (const bad of [-1, 1.5, Number.NaN, Infinity]) expect(() => createLedgerHandler({ source: ledger, answerCacheBytes: bad })).toThrow(TypeError);
  });

  it('are bounded: 4,096 answers and 16 MiB by default', () => {
    const memo = answerMemo();
    const kept = (bytes: number): KeptAnswer => ({ chainId: 4, latest: 1n, oldest: 0n, body: new Uint8Array(bytes), extra: ['content-type', 'application/json; charset=utf-8'] });
    for (let i = 0; i < KEPT_ANSWERS + 100; i++) memo.set(`/v1/x/${i}`, kept(10));
    expect(memo.size).toBe(KEPT_ANSWERS);
    expect(memo.get('/v1/x/0')).toBeUndefined();
    for (let i = 0; i < 40; i++) memo.set(`/v1/big/${i}`, kept(1024 * 1024));
    expect(memo.weightHeld).toBeLessThanOrEqual(KEPT_ANSWER_BYTES);
    expect(memo.size).toBeLessThan(20);
    memo.set('/v1/huge', kept(KEPT_ANSWER_BYTES));
    expect(memo.get('/v1/huge')).toBeUndefined();
  });
});
