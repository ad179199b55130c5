import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressBytes, normalizeAddress } from '../../src/bcs/index.js';
import { encodeTypeTagString, parseMoveType, parseTypeTag, typeTag } from '../../src/move/index.js';
import { expectBcsError } from '../bcs/helpers.js';

const hexDigits = fc
  .array(fc.constantFrom(...'0123456789abcdefABCDEF'), { minLength: 1, maxLength: 64 })
  .map((a) => a.join(''));

describe('type-string addresses go through the core address scanner', () => {
  it('every 1–64 digit address, either case and prefix, parses to the core address', () => {
    fc.assert(
      fc.property(hexDigits, fc.constantFrom('0x', '0X'), (d, prefix) => {
        const s = `${prefix}${d}::m::S`;
        const t = parseTypeTag(s);
        if (t.$kind !== 'struct') throw new Error('not a struct');
        expect(t.value.address).toBe(normalizeAddress(`0x${d}`));
        const bytes = encodeTypeTagString(s);
        expect(bytes.subarray(1, 33)).toEqual(addressBytes(`0x${d}`));
        expect(bytes).toEqual(typeTag.encode(t));
      }),
    );
  });
});

describe('each parse has its own state', () => {
  it('a parse to BCS that fails leaves nothing behind for the next parse', () => {
    expectBcsError(() => encodeTypeTagString('0x1::m::S<u8, vector<'), 'invalid_type_tag');
    expect(parseTypeTag('0x1::m::S<u8>')).toEqual({
      $kind: 'struct',
      value: { address: normalizeAddress('0x1'), module: 'm', name: 'S', typeArgs: [{ $kind: 'u8' }] },
    });
    // And a Move-type parse that failed does not leave generics allowed for a type-tag parse.
    expectBcsError(() => parseMoveType('vector<T0'), 'invalid_type_tag');
    expectBcsError(() => parseTypeTag('T0'), 'invalid_type_tag');
  });
});
