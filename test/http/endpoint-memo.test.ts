import { describe, expect, it } from 'vitest';
import { createLedgerHandler } from '../../src/http/handler.js';
import type { LedgerInfo } from '../../src/records/index.js';
import { createMemoryLedger, type LedgerSource } from '../../src/ledger/index.js';
import { MEMO_ENTRIES, MEMO_KEY_CHARS, remember } from '../../src/http/endpoints/context.js';
import { BoundedMap } from '../../src/submission/internal.js';
import { exampleLedger, FIXTURE, FIXTURE_BLOCKS } from '../ledger/fixture.js';

// The handler keeps what it derives from request text and stored values (src/http/endpoints/
// context.ts `EndpointMemo`). What it keeps must never answer another request, nor outlive the
// value it came from: every answer here is checked against a handler that has seen nothing before.

const APT = encodeURIComponent('0x1::aptos_coin::AptosCoin');
const USERS = FIXTURE.accounts.users;
const PATHS = [
  ...USERS.slice(0, 4).map((u) => `/v1/accounts/${u}`),
  ...USERS.slice(0, 4).map((u) => `/v1/accounts/${u}/balance/${APT}`),
  `/v1/accounts/${FIXTURE.accounts.legacy}/balance/${APT}`,
  `/v1/accounts/${USERS[0]}/balance/${FIXTURE.fungibleAsset}`,
  `/v1/accounts/${USERS[1]}?ledger_version=500`,
  `/v1/accounts/${FIXTURE.accounts.legacy}/balance/${APT}?ledger_version=3`,
];

type Handler = ReturnType<typeof createLedgerHandler>;
async function answer(h: Handler, path: string, accept?: string): Promise<string> {
  const res = await h(new Request(`http://localhost${path}`, { headers: accept ? { accept } : {} }));
  const body = new Uint8Array(await res.arrayBuffer());
  return `${res.status} ${res.headers.get('x-svc-ledger-version')} ${Buffer.from(body).toString('hex')}`;
}

describe("the state endpoints' memo", () => {
  it('answers follow the ledger as it grows: equal to a fresh handler at every step, JSON and BCS', async () => {
    const ledger = createMemoryLedger();
    const kept = createLedgerHandler({ source: ledger });
    for (let i = 0; i < FIXTURE_BLOCKS.length; i += 25) {
      ledger.ingest(FIXTURE_BLOCKS.slice(i, i + 25));
      const fresh = createLedgerHandler({ source: ledger });
      for (const p of PATHS) {
        for (const accept of [undefined, 'application/x-bcs']) expect(await answer(kept, p, accept)).toBe(await answer(fresh, p, accept));
      }
    }
  });

  it('a source answering new arrays, asynchronously, gets the same answers', async () => {
    const ledger = exampleLedger();
    const copying: LedgerSource = {
      ledgerInfo: async () => ledger.ledgerInfo(),
      stateValue: async (key, version) => ledger.stateValue(key.slice(), version)?.slice(),
      accountTransactionSummaries: async (a, q) => ledger.accountTransactionSummaries(a, q),
      blockByHeight: async (h) => ledger.blockByHeight(h),
      transactions: async (s, l) => ledger.transactions(s, l),
    };
    const direct = createLedgerHandler({ source: ledger });
    const viaCopies = createLedgerHandler({ source: copying });
    for (let round = 0; round < 2; round++) {
      for (const p of PATHS) {
        for (const accept of [undefined, 'application/x-bcs']) expect(await answer(viaCopies, p, accept)).toBe(await answer(direct, p, accept));
      }
    }
  });

  it('never answers another request: parameters that join to the same text stay apart', async () => {
    const h = createLedgerHandler({ source: exampleLedger() });
    // A coin type whose text holds a space: an owner ending where it begins must not meet its entry.
    const generic = encodeURIComponent('0x1::coin::Ghost<u8, u64>');
    expect(await answer(h, `/v1/accounts/0x1/balance/${generic}`)).toMatch(/^200 /);
    const crossed = await h(new Request(`http://localhost/v1/accounts/0x1${encodeURIComponent(' 0x1::coin::Ghost<u8,')}/balance/${encodeURIComponent('u64>')}`));
    expect(crossed.status).toBe(400);
    // Spellings of one address are each answered, and alike.
    const spellings = ['0x1', '0x01', '1'.padStart(64, '0'), '0x' + '1'.padStart(64, '0')];
    const answers = await Promise.all(spellings.map((a) => answer(h, `/v1/accounts/${a}`)));
    expect(new Set(answers).size).toBe(1);
    // An error is not kept: the same text fails again, with the same body.
    const bad = `/v1/accounts/${USERS[0]}/balance/${encodeURIComponent('0x1::coin')}`;
    expect(await answer(h, bad)).toBe(await answer(h, bad));
    expect(await answer(h, bad)).toMatch(/^400 /);
  });

  it('a source answering thenables that are not promises is awaited as before', async () => {
    const ledger = exampleLedger();
    const thenable = <T>(v: T) => ({ then: (ok: (v: T) => unknown, bad: (e: unknown) => unknown) => void Promise.resolve(v).then(ok, bad) }) as unknown as Promise<T>;
    const lazy: LedgerSource = {
      ledgerInfo: () => thenable(ledger.ledgerInfo()),
      stateValue: (key, version) => thenable(ledger.stateValue(key, version)),
      accountTransactionSummaries: (a, q) => thenable(ledger.accountTransactionSummaries(a, q)),
      blockByHeight: (h) => thenable(ledger.blockByHeight(h)),
      transactions: (s, l) => thenable(ledger.transactions(s, l)),
    };
    const direct = createLedgerHandler({ source: ledger });
    const viaThenables = createLedgerHandler({ source: lazy });
    for (const p of PATHS) expect(await answer(viaThenables, p)).toBe(await answer(direct, p));
  });

  it('keeps at most 4,096 entries, and no request text longer than 512 characters', () => {
    const memo = new BoundedMap<string, number>(MEMO_ENTRIES);
    for (let i = 0; i < 5000; i++) {
      expect(remember(memo, `k${i}`, () => i)).toBe(i);
      expect(memo.size).toBeLessThanOrEqual(MEMO_ENTRIES);
    }
    let made = 0;
    const long = 'x'.repeat(MEMO_KEY_CHARS + 1);
    remember(memo, long, () => ++made);
    remember(memo, long, () => ++made);
    expect(made).toBe(2);
    expect(memo.get(long)).toBeUndefined();
    // A throw keeps nothing.
    expect(() => remember(memo, 'bad', () => { throw new Error('no'); })).toThrow('no');
    expect(memo.get('bad')).toBeUndefined();
  });

  it('stays bounded under requests for ever new addresses', async () => {
    const ledger = exampleLedger();
    const h = createLedgerHandler({ source: ledger });
    const fresh = createLedgerHandler({ source: ledger });
    // Past the memo's 4096 entries the oldest go; answers stay right on both sides of that.
    for (let i = 0; i < 5000; i++) {
      const a = '0x' + i.toString(16).padStart(64, '0');
      const res = await h(new Request(`http://localhost/v1/accounts/${a}/balance/${APT}`));
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    for (const p of PATHS) expect(await answer(h, p)).toBe(await answer(fresh, p));
  });
});

describe('the ledger headers kept between requests', () => {
  it('follow the values, whether the provider hands out new objects or changes one', async () => {
    const info: LedgerInfo = { chainId: 4, ledgerVersion: 5n, oldestLedgerVersion: 0n, ledgerTimestampUsec: 10n, epoch: 1n, blockHeight: 2n, oldestBlockHeight: 0n };
    let fresh = false;
    const h = createLedgerHandler({ ledgerInfo: () => (fresh ? { ...info } : info) });
    const version = async () => (await h(new Request('http://localhost/v1/-/healthy'))).headers.get('x-svc-ledger-version');
    for (const f of [false, true]) {
      fresh = f;
      expect(await version()).toBe(String(info.ledgerVersion));
      info.ledgerVersion += 1n;
      expect(await version()).toBe(String(info.ledgerVersion));
    }
    // The optional two come and go with the info.
    Object.assign(info, { gasUsed: 7n, cursor: 'abc' });
    const withBoth = await h(new Request('http://localhost/v1/-/healthy'));
    expect([withBoth.headers.get('x-svc-gas-used'), withBoth.headers.get('x-svc-cursor')]).toEqual(['7', 'abc']);
    Object.assign(info, { gasUsed: undefined, cursor: undefined });
    const without = await h(new Request('http://localhost/v1/-/healthy'));
    expect([without.headers.get('x-svc-gas-used'), without.headers.get('x-svc-cursor')]).toEqual([null, null]);
    // A malformed info is a 500 every time, and a good one after it is answered again.
    info.chainId = 300;
    expect((await h(new Request('http://localhost/v1/-/healthy'))).status).toBe(500);
    expect((await h(new Request('http://localhost/v1/-/healthy'))).status).toBe(500);
    info.chainId = 4;
    expect(await version()).toBe(String(info.ledgerVersion));
  });
});
