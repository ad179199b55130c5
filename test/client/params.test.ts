import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createLedgerClient, type LedgerClient } from '../../src/client/index.js';
import { addressParam, assetTypeParam, u16Param, u32Param, u64Param } from '../../src/client/params.js';
import { isBcsError, isUsageError } from '../../src/bcs/index.js';
import { jsonReply, SENDER, startStub, type Stub } from './helpers.js';

const code = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    // Bad options are UsageErrors (no path); bad values BcsErrors with their path.
    return isBcsError(e) ? `${e.code} ${e.path}` : isUsageError(e) ? e.code : `not a BcsError: ${String(e)}`;
  }
  return 'no error';
};

describe('parameter encoding', () => {
  it('addresses: with or without 0x, short or long, any case, to the long form', () => {
    const long = '0x' + '0'.repeat(63) + 'a';
    expect(addressParam('0xa')).toBe(long);
    expect(addressParam('a')).toBe(long);
    expect(addressParam('0xA')).toBe(long);
    expect(addressParam(SENDER.slice(2).toUpperCase())).toBe(SENDER);
    expect(addressParam(new Uint8Array(32).fill(1))).toBe('0x' + '01'.repeat(32));
    expect(code(() => addressParam(''))).toBe('invalid_address address');
    expect(code(() => addressParam('0x'))).toBe('invalid_address address');
    expect(code(() => addressParam('0xg'))).toBe('invalid_address address');
    expect(code(() => addressParam('1'.repeat(65)))).toBe('invalid_address address');
    expect(code(() => addressParam('0x1/../../x'))).toBe('invalid_address address');
    expect(code(() => addressParam(7 as never))).toBe('invalid_type address');
  });

  it('addresses: every 32-byte value survives any of its spellings', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.boolean(), fc.boolean(), (b, prefix, upper) => {
        const long = '0x' + Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
        let s = long.slice(2).replace(/^0+(?=.)/, '');
        if (upper) s = s.toUpperCase();
        if (prefix) s = '0x' + s;
        expect(addressParam(s)).toBe(long);
      }),
    );
  });

  it('integers: bigint, safe number or decimal string; range-checked per type', () => {
    expect(u64Param(0, 'v')).toBe('0');
    expect(u64Param((1n << 64n) - 1n, 'v')).toBe('18446744073709551615');
    expect(u64Param('18446744073709551615', 'v')).toBe('18446744073709551615');
    expect(code(() => u64Param(1n << 64n, 'ledgerVersion'))).toBe('invalid_option');
    expect(code(() => u64Param('18446744073709551616', 'v'))).toBe('invalid_option');
    expect(code(() => u64Param(-1, 'v'))).toBe('invalid_option');
    for (const bad of ['01', '1e3', ' 1', '0x10', '', '-0', 1.5, Number.MAX_SAFE_INTEGER + 1, NaN, null, true, '1'.repeat(21)]) {
      expect(code(() => u64Param(bad as never, 'v'))).toBe('invalid_option');
    }
    expect(u16Param(65535, 'limit')).toBe('65535');
    expect(code(() => u16Param(65536, 'limit'))).toBe('invalid_option');
    expect(u32Param(4294967295, 'd')).toBe('4294967295');
    expect(code(() => u32Param(4294967296n, 'd'))).toBe('invalid_option');
    fc.assert(fc.property(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), (v) => {
      expect(u64Param(v, 'v')).toBe(v.toString());
    }));
  });

  it('asset types: struct tags written canonically and percent-encoded; addresses in long form', () => {
    expect(assetTypeParam('0x1::aptos_coin::AptosCoin')).toBe('0x1%3A%3Aaptos_coin%3A%3AAptosCoin');
    expect(assetTypeParam('0x0001::coin::CoinStore<0x1::aptos_coin::AptosCoin,u64 , vector<u8>>')).toBe(
      encodeURIComponent('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin, u64, vector<u8>>'),
    );
    expect(assetTypeParam('0xa')).toBe('0x' + 'a'.padStart(64, '0'));
    expect(code(() => assetTypeParam('0x1::coin'))).toMatch(/^invalid_type_tag assetType/);
    expect(code(() => assetTypeParam('u64'))).toBe('invalid_address assetType');
    expect(code(() => assetTypeParam(1 as never))).toBe('invalid_option');
  });
});

describe('bad parameters are rejected before anything is sent', () => {
  let stub: Stub;
  let c: LedgerClient;
  beforeAll(async () => {
    stub = await startStub(() => jsonReply('{}'));
    c = createLedgerClient({ baseUrl: stub.url });
  });
  afterAll(() => stub.close());

  const rejected = async (p: Promise<unknown>) => {
    const e = await p.then(() => undefined, (x: unknown) => x);
    expect(isBcsError(e) || isUsageError(e)).toBe(true);
    return e as { code: string; path: string };
  };

  it('each method validates its own parameters', async () => {
    expect((await rejected(c.getAccount('0xzz'))).code).toBe('invalid_address');
    expect((await rejected(c.getAccount(SENDER, { ledgerVersion: -1 }))).code).toBe('invalid_option');
    expect((await rejected(c.getTransactionSummaries(SENDER, { limit: 70000 }))).code).toBe('invalid_option');
    expect((await rejected(c.getTransactionSummaries(SENDER, { startVersion: 'x' }))).code).toBe('invalid_option');
    expect((await rejected(c.getBalance(SENDER, 'not a type'))).code).toBe('invalid_address');
    expect((await rejected(c.healthy({ durationSecs: 2 ** 32 }))).code).toBe('invalid_option');
    expect((await rejected(c.getBlockByHeight(-1))).code).toBe('invalid_option');
    expect((await rejected(c.getBlockByHeight(1, { withTransactions: 'yes' as never }))).code).toBe('invalid_option');
    expect((await rejected(c.getAccount(SENDER, { format: 'xml' as never }))).code).toBe('invalid_option');
    expect((await rejected(c.encodeSubmission({ big: 1n }))).code).toBe('invalid_json');
    expect((await rejected(c.encodeSubmission(42))).code).toBe('invalid_type');
    expect((await rejected(c.encodeSubmission({}, { verify: 'no' as never }))).code).toBe('invalid_option');
    expect(stub.seen).toHaveLength(0);
  });

  it('client options are validated when the client is made', () => {
    expect(code(() => createLedgerClient({ baseUrl: 'not a url' }))).toBe('invalid_url');
    expect(code(() => createLedgerClient({ baseUrl: 'http://x/?a=1' }))).toBe('invalid_url');
    expect(code(() => createLedgerClient({ baseUrl: 'http://x', timeoutMs: 0 }))).toBe('invalid_option');
    expect(code(() => createLedgerClient({ baseUrl: 'http://x', retries: -1 }))).toBe('invalid_option');
    expect(code(() => createLedgerClient({ baseUrl: 'http://x', fetch: 1 as never }))).toBe('invalid_option');
  });

  it('a base URL with a path prefix keeps it', async () => {
    const prefixed = createLedgerClient({ baseUrl: `${stub.url}/node/` });
    await prefixed.healthy().catch(() => undefined);
    expect(stub.seen[stub.seen.length - 1]!.url).toBe('/node/v1/-/healthy');
  });
});
