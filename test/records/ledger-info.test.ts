import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBcsError, isUsageError } from '../../src/bcs/index.js';
import { ledgerInfoHeaders, parseLedgerInfo, type LedgerInfo } from '../../src/records/ledger-info.js';

const info: LedgerInfo = {
  chainId: 4,
  ledgerVersion: 123456789n,
  oldestLedgerVersion: 0n,
  ledgerTimestampUsec: 1700000000000000n,
  epoch: 42n,
  blockHeight: 9000n,
  oldestBlockHeight: 0n,
};
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (isBcsError(e) || isUsageError(e)) return [e.code, e.message];
    throw e;
  }
  throw new Error('expected an error');
};

describe('ledger headers', () => {
  it('round trip through Headers and plain records, any case', () => {
    const u64 = fc.bigInt(0n, 2n ** 64n - 1n);
    const arb = fc.record(
      {
        chainId: fc.integer({ min: 0, max: 255 }),
        ledgerVersion: u64,
        oldestLedgerVersion: u64,
        ledgerTimestampUsec: u64,
        epoch: u64,
        blockHeight: u64,
        oldestBlockHeight: u64,
        gasUsed: u64,
        cursor: fc.string().filter((s) => s === s.trim() && !/[\r\n\0]/.test(s) && [...s].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) < 0x7f)),
      },
      { requiredKeys: ['chainId', 'ledgerVersion', 'oldestLedgerVersion', 'ledgerTimestampUsec', 'epoch', 'blockHeight', 'oldestBlockHeight'] },
    );
    fc.assert(
      fc.property(arb, (i) => {
        const h = ledgerInfoHeaders(i as LedgerInfo);
        expect(parseLedgerInfo(h)).toEqual(i);
        expect(parseLedgerInfo(new Headers(h))).toEqual(i);
        expect(parseLedgerInfo(Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), [v]])))).toEqual(i);
      }),
    );
  });
  it("reads a real node's X-Aptos-* names where the X-SVC-* ones are absent (api/src/response.rs)", () => {
    const node = {
      'x-aptos-chain-id': '1', 'X-Aptos-Ledger-Version': '10', 'x-aptos-ledger-oldest-version': '0', 'x-aptos-ledger-timestampusec': '5',
      'x-aptos-epoch': '2', 'x-aptos-block-height': '3', 'x-aptos-oldest-block-height': '0', 'x-aptos-cursor': 'ab',
    };
    expect(parseLedgerInfo(node)).toEqual({ chainId: 1, ledgerVersion: 10n, oldestLedgerVersion: 0n, ledgerTimestampUsec: 5n, epoch: 2n, blockHeight: 3n, oldestBlockHeight: 0n, cursor: 'ab' });
    // The interface's names win where both are sent.
    expect(parseLedgerInfo({ ...node, 'x-svc-chain-id': '4', 'x-svc-ledger-version': '11', 'x-svc-ledger-oldest-version': '0', 'x-svc-ledger-timestampusec': '5', 'x-svc-epoch': '2', 'x-svc-block-height': '3', 'x-svc-oldest-block-height': '0' }).chainId).toBe(4);
    expect(() => parseLedgerInfo({ 'x-aptos-chain-id': '1' })).toThrow(/X-SVC-LEDGER-VERSION/);
  });

  it('writes the interface\'s header names', () => {
    expect(ledgerInfoHeaders({ ...info, gasUsed: 7n, cursor: 'abc' })).toEqual({
      'X-SVC-CHAIN-ID': '4',
      'X-SVC-LEDGER-VERSION': '123456789',
      'X-SVC-LEDGER-OLDEST-VERSION': '0',
      'X-SVC-LEDGER-TIMESTAMPUSEC': '1700000000000000',
      'X-SVC-EPOCH': '42',
      'X-SVC-BLOCK-HEIGHT': '9000',
      'X-SVC-OLDEST-BLOCK-HEIGHT': '0',
      'X-SVC-GAS-USED': '7',
      'X-SVC-CURSOR': 'abc',
    });
  });
  it('a missing or malformed required header is an error naming it', () => {
    const h = ledgerInfoHeaders(info);
    for (const name of Object.keys(h)) {
      const { [name]: _, ...rest } = h;
      expect(codeOf(() => parseLedgerInfo(rest))).toEqual(['invalid_header', `missing header ${name}`]);
    }
    for (const bad of ['-1', '1.5', '0x10', '', '18446744073709551616', '01', ' 1 2']) {
      expect(codeOf(() => parseLedgerInfo({ ...h, 'X-SVC-EPOCH': bad }))[1]).toMatch(/X-SVC-EPOCH/);
    }
    expect(codeOf(() => parseLedgerInfo({ ...h, 'X-SVC-CHAIN-ID': '256' }))[0]).toBe('invalid_header');
    expect(codeOf(() => parseLedgerInfo({ ...h, 'X-SVC-GAS-USED': 'x' }))[1]).toMatch(/X-SVC-GAS-USED/);
    expect(codeOf(() => parseLedgerInfo({ ...h, 'x-svc-epoch': ['1', '2'] } as never))[0]).toBe('invalid_header');
    expect(codeOf(() => parseLedgerInfo(null as never))[0]).toBe('invalid_header');
    // A plain record is typed only by its caller: numbers and objects are refused, not trimmed or passed on.
    expect(codeOf(() => parseLedgerInfo({ ...h, 'X-SVC-EPOCH': 5 } as never))).toEqual(['invalid_header', 'header X-SVC-EPOCH must be a string, got number']);
    expect(codeOf(() => parseLedgerInfo({ ...h, 'X-SVC-CURSOR': 7 } as never))[0]).toBe('invalid_header');
    expect(codeOf(() => parseLedgerInfo({ ...h, 'x-svc-epoch': [5] } as never))[0]).toBe('invalid_header');
  });
  it('refuses to write what is not a header value', () => {
    expect(codeOf(() => ledgerInfoHeaders({ ...info, chainId: 256 }))[0]).toBe('invalid_option');
    expect(codeOf(() => ledgerInfoHeaders({ ...info, epoch: -1n }))[0]).toBe('invalid_option');
    expect(codeOf(() => ledgerInfoHeaders({ ...info, epoch: 5 as never }))[0]).toBe('invalid_option');
    expect(codeOf(() => ledgerInfoHeaders({ ...info, cursor: 'a\r\nSet-Cookie: x' }))[0]).toBe('invalid_option');
  });
});
