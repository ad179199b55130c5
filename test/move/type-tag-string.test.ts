import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BcsWriter, isBcsError, toHex } from '../../src/bcs/index.js';
import { encodeTypeTagString, formatTypeTag, parseTypeTag, typeTag, writeTypeTagString } from '../../src/move/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import { typeTagArb, withRandomSpace } from './arbitraries.js';

// encodeTypeTagString parses straight to BCS. Its contract: exactly typeTag.encode(parseTypeTag(s))
// for every string, including which strings fail and how.

/** Both paths on one input: equal bytes, or equal errors (code, message, offset). */
function sameOutcome(s: string): void {
  let expected: Uint8Array | undefined;
  let expectedError: unknown;
  try {
    expected = typeTag.encode(parseTypeTag(s));
  } catch (e) {
    expectedError = e;
  }
  let actual: Uint8Array | undefined;
  let actualError: unknown;
  try {
    actual = encodeTypeTagString(s);
  } catch (e) {
    actualError = e;
  }
  if (expectedError === undefined) {
    expect(actualError).toBeUndefined();
    expect(toHex(actual!)).toBe(toHex(expected!));
    return;
  }
  expect(isBcsError(expectedError)).toBe(true);
  expect(isBcsError(actualError)).toBe(true);
  const [a, b] = [expectedError, actualError] as { code: string; message: string; offset?: number }[];
  expect({ code: b.code, message: b.message, offset: b.offset }).toEqual({ code: a.code, message: a.message, offset: a.offset });
}

describe('encodeTypeTagString: one pass, same bytes as parse + encode', () => {
  it('golden: CoinStore<AptosCoin> (TypeTag::Struct, language_storage.rs; same bytes from @aptos-labs/ts-sdk)', () => {
    const s = '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>';
    const one = '00'.repeat(31) + '01';
    const ident = (x: string) => x.length.toString(16).padStart(2, '0') + Buffer.from(x).toString('hex');
    const inner = '07' + one + ident('aptos_coin') + ident('AptosCoin') + '00';
    expect(toHex(encodeTypeTagString(s))).toBe('0x07' + one + ident('coin') + ident('CoinStore') + '01' + inner);
  });

  it('every tag in every format style, signed integers and function types included (fast-check)', () => {
    fc.assert(
      fc.property(typeTagArb({ depth: 5, signed: true, functions: true }), fc.constantFrom('canonical', 'aip40', 'long' as const), (t, style) => {
        const s = formatTypeTag(t, style);
        expect(toHex(encodeTypeTagString(s))).toBe(toHex(typeTag.encode(t)));
      }),
      { numRuns: 300 },
    );
  });

  it('with whitespace anywhere between tokens (fast-check)', () => {
    const ws = fc.array(fc.constantFrom('', ' ', '\t', '\n', '\r', '\f'), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(typeTagArb({ depth: 4, functions: true }), ws, (t, spaces) => {
        expect(toHex(encodeTypeTagString(withRandomSpace(formatTypeTag(t), spaces)))).toBe(toHex(typeTag.encode(t)));
      }),
      { numRuns: 200 },
    );
  });

  it('mutated strings: the same bytes or the same error as parse + encode (fast-check)', () => {
    const alphabet = ['<', '>', ',', ':', '|', '(', ')', '&', ' ', '0', 'x', 'X', 'f', 'g', '_', 'T0', 'mut', 'has', 'copy', '+', 'vector', 'u8', '\u00fc'];
    const mutation = fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...alphabet));
    fc.assert(
      fc.property(typeTagArb({ depth: 3, signed: true, functions: true }), fc.array(mutation, { maxLength: 3 }), (t, edits) => {
        let s = formatTypeTag(t, 'aip40');
        for (const [at, cut, insert] of edits) {
          const i = at % (s.length + 1);
          s = s.slice(0, i) + insert + s.slice(i + cut);
        }
        sameOutcome(s);
      }),
      { numRuns: 500 },
    );
  });

  it('every error case of the parser, and the nesting edges', () => {
    const deep = (n: number) => 'vector<'.repeat(n) + 'u8' + '>'.repeat(n);
    const structs = (n: number) => '0x1::a::A<'.repeat(n - 1) + '0x1::a::A' + '>'.repeat(n - 1);
    for (const s of ['', ' ', 'U8', '0x::m::S', '0x1:m::S', '0x1::_::S', 'vector<u8,>', '0x1::m::S<,>', '&u8', 'vector<T0>', '|u64|bool',
      '||() has copy + copy', 'u8 u8', deep(8), deep(9), structs(9), structs(10), '0x' + '1'.repeat(65) + '::m::S']) {
      sameOutcome(s);
    }
    expectBcsError(() => encodeTypeTagString(deep(9)), 'invalid_type_tag');
    expectBcsError(() => encodeTypeTagString(42 as unknown as string), 'invalid_type');
  });

  it('more than 127 type arguments or function parameters widen the count in place', () => {
    for (const n of [127, 128, 300]) {
      const args = Array.from({ length: n }, (_, i) => (i % 2 ? 'u8' : 'vector<0x1::m::S<u64>>')).join(', ');
      sameOutcome(`0x1::m::S<${args}>`);
      sameOutcome(`vector<0x1::m::S<${args}>>`);
      sameOutcome(`|${args}|(${args}) has drop`);
      sameOutcome(`0x2::x::Y<|${args}|(), u8>`);
    }
    const e = encodeTypeTagString(`0x1::m::S<${Array(128).fill('bool').join(',')}>`);
    // struct tag: 07, 32 address bytes, 01 'm', 01 'S', then uleb(128) = 80 01 and 128 zeros.
    expect(toHex(e.subarray(37, 39))).toBe('0x8001');
    expect(e.length).toBe(39 + 128);
  });

  it('writes at the writer offset, growing it mid-parse, and leaves the parser in object mode after an error', () => {
    const w = new BcsWriter(4);
    w.u8(0xaa);
    writeTypeTagString(w, '0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>');
    w.u8(0xbb);
    const bytes = w.toBytes();
    expect(toHex(bytes)).toBe('0xaa' + toHex(typeTag.encode(parseTypeTag('0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>'))).slice(2) + 'bb');
    expectBcsError(() => encodeTypeTagString('vector<u8'), 'invalid_type_tag');
    expect(parseTypeTag('vector<u8>')).toEqual({ $kind: 'vector', value: { $kind: 'u8' } });
  });
});
