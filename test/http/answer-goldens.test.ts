import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLedgerHandler, type LedgerHandlerOptions } from '../../src/http/handler.js';
import { exampleLedger } from '../ledger/fixture.js';
import { answerDigests } from './answer-goldens.js';
import { nodeSha3 } from '../../src/ledger/node.js';
import { transactionTexts } from '../../src/http/endpoints/transaction-json.js';

// Every block and transaction of the example ledger, JSON and BCS, through every transaction route,
// against the answers main gave before the handler kept rendered texts (issue 32; written by
// `WRITE_ANSWER_GOLDENS=1 npx vitest run test/http/answer-goldens.test.ts` at 426df26). Rewritten
// the same way when the example ledger gained its last epoch (blocks 301-306): every answer about
// blocks 0-300 and versions 0-1193 kept its 426df26 hash; those that changed are the pages and
// accounts the new blocks reach (the last partial pages, the default page, the ten users'). The
// `capped` set is the same ledger under small page limits (a block's `with_transactions` cap).

const FILE = 'fixtures/http/transaction-answers.json';
const CAPPED: LedgerHandlerOptions['limits'] = { maxBlockTransactionsPageSize: 3, maxTransactionsPageSize: 10 };
const CAPPED_ROUTES = ['block_json', 'block_bcs', 'listing_37_json', 'account_transactions_json'];

async function all(options: Omit<LedgerHandlerOptions, 'source'> = {}, passes = 1): Promise<Record<string, string[]>> {
  const source = exampleLedger();
  const h = createLedgerHandler({ source, ...options });
  const capped = createLedgerHandler({ source, ...options, limits: CAPPED });
  let got: Record<string, string[]> = {};
  for (let pass = 0; pass < passes; pass++) {
    const now = await answerDigests(h);
    for (const [k, v] of Object.entries(await answerDigests(capped, CAPPED_ROUTES))) now[`capped_${k}`] = v;
    if (pass > 0) expect(now, `pass ${pass}`).toEqual(got);
    got = now;
  }
  return got;
}

function goldens(): Record<string, string[]> {
  return JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, string[]>;
}

function expectGoldens(got: Record<string, string[]>): void {
  const want = goldens();
  expect(Object.keys(got)).toEqual(Object.keys(want));
  for (const k of Object.keys(want)) expect(got[k], k).toEqual(want[k]);
}

describe('transaction answers over the example ledger', () => {
  it('match the goldens', async () => {
    const got = await all();
    if (process.env.WRITE_ANSWER_GOLDENS) writeFileSync(FILE, `${JSON.stringify(got).replace(/\],"/g, '],\n"')}\n`);
    expectGoldens(got);
  }, 120_000);

  it('match them a second time, from the kept texts, and with node:crypto sha3', async () => {
    expectGoldens(await all({ sha3: nodeSha3 }, 2));
  }, 120_000);

  it('match them with no texts kept, and with a cache of a few transactions (evicting as it goes)', async () => {
    expectGoldens(await all({ transactionCacheBytes: 0 }));
    expectGoldens(await all({ transactionCacheBytes: 20_000 }, 2));
  }, 120_000);

  it('keep at most transactionCacheBytes, and refuse a bound that is not a byte count', async () => {
    for (const bad of [-1, 1.5, Number.NaN, Infinity]) expect(() => createLedgerHandler({ source: exampleLedger(), transactionCacheBytes: bad })).toThrow(TypeError);
    const texts = transactionTexts(50_000);
    for (let v = 0; v < 100; v++) texts.set(v, new Uint8Array(2_000));
    expect(texts.weightHeld).toBeLessThanOrEqual(50_000);
    expect(texts.size).toBe(Math.floor(50_000 / 2_096));
    expect(texts.get(99)).toBeDefined();
    expect(texts.get(0)).toBeUndefined();
    texts.set(100, new Uint8Array(60_000)); // heavier than the bound alone: not kept, nothing evicted
    expect(texts.get(100)).toBeUndefined();
    expect(texts.get(99)).toBeDefined();
  });
});
