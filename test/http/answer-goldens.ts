import { createHash } from 'node:crypto';
import type { LedgerHandler } from '../../src/http/handler.js';
import { FIXTURE } from '../ledger/fixture.js';

// The transaction routes' answers over the whole example ledger, as a short hash per answer, by route:
// fixtures/http/transaction-answers.json holds them as main answered before the rendered-text cache
// (issue 32), and test/http/answer-goldens.test.ts checks every handler configuration against them.

const BCS = 'application/x-bcs';
const HEAD = 2241;
const HEIGHT = 306;
/** The first version of the last epoch's blocks (301 reconfigures; 302 to 305 hold 250+ transactions each). */
const LAST_EPOCH = 1194;
/** One version in each of blocks 301 to 306: every 7th version there would render a full block ~150 times a pass. */
const LAST_EPOCH_VERSIONS = [1196, 1300, 1500, 1800, 2100, 2240];

/** sha256 of `status content-type body`, its first 12 hex digits. */
async function digest(h: LedgerHandler, path: string, accept?: string): Promise<string> {
  const res = await h(new Request(`http://localhost${path}`, { headers: accept ? { accept } : {} }));
  const body = new Uint8Array(await res.arrayBuffer());
  return createHash('sha256').update(`${res.status} ${res.headers.get('content-type')} `).update(body).digest('hex').slice(0, 12);
}

const range = (from: number, to: number, step = 1) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Each route group: its request paths and accept header. */
export function answerRoutes(): Record<string, { paths: string[]; accept?: string }> {
  const heights = range(0, HEIGHT);
  const versions = range(0, HEAD);
  const accounts = [...FIXTURE.accounts.users, FIXTURE.accounts.faucet, FIXTURE.accounts.legacy, FIXTURE.accounts.issuer];
  return {
    block_json: { paths: heights.map((h) => `/v1/blocks/by_height/${h}?with_transactions=true`) },
    block_bcs: { paths: heights.map((h) => `/v1/blocks/by_height/${h}?with_transactions=true`), accept: BCS },
    block_header_json: { paths: heights.map((h) => `/v1/blocks/by_height/${h}`) },
    block_by_version_json: { paths: [...range(0, LAST_EPOCH, 7), ...LAST_EPOCH_VERSIONS].map((v) => `/v1/blocks/by_version/${v}?with_transactions=true`) },
    by_version_json: { paths: versions.map((v) => `/v1/transactions/by_version/${v}`) },
    by_version_bcs: { paths: versions.map((v) => `/v1/transactions/by_version/${v}`), accept: BCS },
    listing_100_json: { paths: range(0, HEAD, 100).map((s) => `/v1/transactions?start=${s}&limit=100`) },
    listing_37_json: { paths: range(3, HEAD, 37).map((s) => `/v1/transactions?start=${s}&limit=37`) },
    listing_37_bcs: { paths: range(3, HEAD, 37).map((s) => `/v1/transactions?start=${s}&limit=37`), accept: BCS },
    listing_default_json: { paths: ['/v1/transactions'] },
    account_transactions_json: { paths: accounts.map((a) => `/v1/accounts/${a}/transactions?start=0&limit=100`) },
    account_transactions_bcs: { paths: accounts.map((a) => `/v1/accounts/${a}/transactions?start=0&limit=100`), accept: BCS },
    summaries_json: { paths: accounts.map((a) => `/v1/accounts/${a}/transaction_summaries?limit=100`) },
    summaries_bcs: { paths: accounts.map((a) => `/v1/accounts/${a}/transaction_summaries?limit=100`), accept: BCS },
    account_json: { paths: accounts.map((a) => `/v1/accounts/${a}`) },
    balance_json: { paths: accounts.map((a) => `/v1/accounts/${a}/balance/0x1::aptos_coin::AptosCoin`) },
  };
}

/** The answers' hashes by route group; by_hash paths are taken from the by-version JSON (its `hash`). */
export async function answerDigests(h: LedgerHandler, only?: readonly string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const [name, { paths, accept }] of Object.entries(answerRoutes())) {
    if (only !== undefined && !only.includes(name)) continue;
    out[name] = [];
    for (const p of paths) out[name].push(await digest(h, p, accept));
  }
  if (only !== undefined) return out;
  const hashes: string[] = [];
  for (const v of range(0, HEAD)) {
    const res = await h(new Request(`http://localhost/v1/transactions/by_version/${v}`));
    hashes.push((JSON.parse(await res.text()) as { hash: string }).hash);
  }
  out.by_hash_json = [];
  out.by_hash_bcs = [];
  for (const x of hashes) {
    out.by_hash_json.push(await digest(h, `/v1/transactions/by_hash/${x}`));
    out.by_hash_bcs.push(await digest(h, `/v1/transactions/by_hash/${x}`, BCS));
  }
  return out;
}
