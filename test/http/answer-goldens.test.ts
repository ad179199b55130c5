import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLedgerHandler, type LedgerHandlerOptions } from '../../src/http/handler.js';
import { exampleLedger } from '../ledger/fixture.js';
import { answerDigests } from './answer-goldens.js';

// Every block and transaction of the example ledger, JSON and BCS, through every transaction route,
// against the answers main gave before the handler kept rendered texts (issue 32; written by
// `WRITE_ANSWER_GOLDENS=1 npx vitest run test/http/answer-goldens.test.ts` at 426df26). The
// `capped` set is the same ledger under small page limits (a block's `with_transactions` cap).

const FILE = 'fixtures/http/transaction-answers.json';
const CAPPED: LedgerHandlerOptions['limits'] = { maxBlockTransactionsPageSize: 3, maxTransactionsPageSize: 10 };
const CAPPED_ROUTES = ['block_json', 'block_bcs', 'listing_37_json', 'account_transactions_json'];

async function all(options: Omit<LedgerHandlerOptions, 'source'> = {}): Promise<Record<string, string[]>> {
  const source = exampleLedger();
  const got = await answerDigests(createLedgerHandler({ source, ...options }));
  const capped = await answerDigests(createLedgerHandler({ source, ...options, limits: CAPPED }), CAPPED_ROUTES);
  for (const [k, v] of Object.entries(capped)) got[`capped_${k}`] = v;
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
});
