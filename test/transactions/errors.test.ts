import { inspect } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BcsError, type BcsErrorCode, address, bcs, quote } from '../../src/bcs/index.js';
import {
  formatTypeTag,
  parseTypeTag,
  typeTag,
  identifier,
  assertIdentifier,
  parseEntryFunctionId,
} from '../../src/move/index.js';
import { rawTransaction, transactionCodecs } from '../../src/transactions/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };

const v2Json = rawFixtures.vectors[0].value as Record<string, unknown>;

// Error messages show the offending value, and hostile input must not turn that into a crash
// (JSON.stringify throws on a bigint) or a message the size of the input.
const huge = 'x'.repeat(1_000_000);

describe('error messages: bounded, never a crash', () => {
  it('quote: strings JSON-quoted and cut, other values by kind', () => {
    expect(quote('ab"c')).toBe('"ab\\"c"');
    expect(quote('y'.repeat(65))).toBe(`"${'y'.repeat(64)}…"`);
    expect(quote('y'.repeat(10), 4)).toBe('"yyyy…"');
    expect(quote(5n)).toBe('5n');
    expect(quote(null)).toBe('null');
    expect(quote(undefined)).toBe('undefined');
    expect(quote([1])).toBe('array');
    expect(quote({})).toBe('object');
    expect(quote(() => 1)).toBe('function');
    expect(quote(Symbol('s'))).toBe('symbol');
    expect(quote(1.5)).toBe('number');
  });

  it('a megabyte of hostile text gives a short message wherever it is shown', () => {
    const cases: [() => unknown, BcsErrorCode][] = [
      [() => address.encode(huge), 'invalid_address'],
      [() => bcs.u64.encode(huge as never), 'invalid_type'],
      [() => parseTypeTag(huge), 'invalid_type_tag'],
      [() => parseTypeTag(`0x1::m::S<${huge}>`), 'invalid_type_tag'],
      [() => typeTag.encode({ $kind: huge } as never), 'invalid_variant'],
      [() => formatTypeTag({ $kind: huge } as never), 'invalid_variant'],
      [() => identifier.encode(`${huge}-`), 'invalid_identifier'],
      [() => assertIdentifier(`${huge}-`), 'invalid_identifier'],
      [() => parseEntryFunctionId(`0x1::m::${huge}-`), 'invalid_identifier'],
      [() => transactionCodecs().RawTransaction.fromJson({ [huge]: 1 }), 'invalid_json'],
      [() => transactionCodecs().RawTransaction.fromJson({ ...v2Json, sender: huge }), 'invalid_address'],
      [() => transactionCodecs().RawTransaction.fromJson({ ...v2Json, sequenceNumber: huge }), 'invalid_json'],
    ];
    for (const [f, code] of cases) {
      const e = expectBcsError(f, code);
      expect(e.message.length, e.message.slice(0, 80)).toBeLessThan(400);
    }
  });

  it('kinds that are not strings (bigint, symbol, object) fail with the library error', () => {
    for (const kind of [5n, Symbol('k'), { a: 1 }, [1], 1.5]) {
      expectBcsError(() => typeTag.encode({ $kind: kind } as never), 'invalid_variant');
      expectBcsError(() => formatTypeTag({ $kind: kind } as never), 'invalid_variant');
      expectBcsError(() => rawTransaction.encode({ sender: '0x1', sequenceNumber: 0n, payload: { $kind: kind } } as never), 'invalid_variant');
    }
  });

  it('any value in any field gives the library error, never a TypeError (property)', () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true, withTypedArray: true }), (v) => {
        for (const f of [() => typeTag.encode(v as never), () => typeTag.encode({ $kind: v } as never), () => address.encode(v as never), () => formatTypeTag(v as never)]) {
          try {
            f();
          } catch (e) {
            expect(e).toBeInstanceOf(BcsError);
            expect((e as BcsError).message.length).toBeLessThan(400);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('BcsError reads safely off its prototype (as inspectors do) and shows its path on instances', () => {
    expect(() => String(BcsError.prototype)).not.toThrow();
    expect(() => inspect(BcsError.prototype)).not.toThrow();
    expect(() => String(Object.create(BcsError.prototype))).not.toThrow();
    const e = new BcsError('out_of_range', '300 is out of range for u8', 4).within(1).within('args');
    expect(e.message).toBe('300 is out of range for u8 (at args[1]) at offset 4');
    expect(String(e)).toBe('BcsError: 300 is out of range for u8 (at args[1]) at offset 4');
    expect(e.stack?.split('\n')[0]).toBe('BcsError: 300 is out of range for u8 (at args[1]) at offset 4');
    expect(JSON.parse(JSON.stringify(e))).toEqual({ code: 'out_of_range', message: '300 is out of range for u8', offset: 4, path: 'args[1]' });
    expect(() => {
      throw e;
    }).toThrow('(at args[1])');
  });
});
