import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dereference,
  formatMoveType,
  hasGenerics,
  isSignerType,
  jsonTypeName,
  moveTypeEquals,
  parseMoveType,
  parseTypeTag,
  substituteGenerics,
  typeTag,
  type MoveType,
  type TypeTag,
} from '../../src/move/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import { moveTypeArb, typeTagArb } from './arbitraries.js';

const ONE = '0x' + '0'.repeat(63) + '1';

describe('parseMoveType (ABI types)', () => {
  it('parses references, generic parameters and plain tags', () => {
    expect(parseMoveType('&signer')).toEqual({ $kind: 'reference', value: { $kind: 'signer' } });
    expect(parseMoveType('&mut 0x1::coin::Coin<T0>')).toEqual({
      $kind: 'mutableReference',
      value: { $kind: 'struct', value: { address: ONE, module: 'coin', name: 'Coin', typeArgs: [{ $kind: 'generic', value: 0 }] } },
    });
    expect(parseMoveType('vector<T1>')).toEqual({ $kind: 'vector', value: { $kind: 'generic', value: 1 } });
    expect(parseMoveType('T65535')).toEqual({ $kind: 'generic', value: 65535 });
    expect(parseMoveType('u64')).toEqual({ $kind: 'u64' });
    expect(parseMoveType(' & mut  u8 ')).toEqual({ $kind: 'mutableReference', value: { $kind: 'u8' } });
    expect(parseMoveType('|&T0|(T1)')).toEqual({
      $kind: 'function',
      value: { args: [{ $kind: 'reference', value: { $kind: 'generic', value: 0 } }], results: [{ $kind: 'value', value: { $kind: 'generic', value: 1 } }], abilities: 0 },
    });
  });

  it('rejects misplaced references and bad generic names with invalid_type_tag', () => {
    for (const [s, offset] of [
      ['vector<&u8>', 7],
      ['&&u8', 1],
      ['&mut &u8', 5],
      ['0x1::m::S<&u8>', 10],
      ['T', 0],
      ['T65536', 0],
      ['Tx', 0],
      ['T-1', 0],
      ['&', 1],
      ['&mutu8', 1],
    ] as const) {
      const e = expectBcsError(() => parseMoveType(s), 'invalid_type_tag');
      expect(e.offset, s).toBe(offset);
      expect(e.message).toContain('invalid Move type');
    }
  });

  it('formats as the node displays MoveType (T{i}, &, &mut)', () => {
    expect(formatMoveType(parseMoveType('&mut 0x01::coin::Coin<T0,>'))).toBe('&mut 0x1::coin::Coin<T0>');
    expect(formatMoveType(parseMoveType('&0x1::m::S'), 'aip40')).toBe('&0x1::m::S');
    expect(formatMoveType(parseMoveType('vector<T12>'))).toBe('vector<T12>');
  });

  it('parse(format(t)) = t for random Move types (fast-check)', () => {
    fc.assert(
      fc.property(moveTypeArb({ depth: 4 }), fc.constantFrom('canonical', 'aip40', 'long' as const), (t, style) => {
        const s = formatMoveType(t, style);
        expect(parseMoveType(s)).toEqual(t);
        expect(moveTypeEquals(s, t)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('moveTypeEquals tells generics and references apart', () => {
    expect(moveTypeEquals('T0', 'T1')).toBe(false);
    expect(moveTypeEquals('&u8', '&mut u8')).toBe(false);
    expect(moveTypeEquals('&u8', 'u8')).toBe(false);
    expect(moveTypeEquals('& u8', '&u8')).toBe(true);
  });
});

describe('substituteGenerics', () => {
  const coin = parseTypeTag('0x1::aptos_coin::AptosCoin');

  it('replaces every Ti by the i-th type argument', () => {
    const t = parseMoveType('0x1::coin::CoinStore<vector<T0>>');
    expect(substituteGenerics(t, [coin])).toEqual(parseTypeTag('0x1::coin::CoinStore<vector<0x1::aptos_coin::AptosCoin>>'));
    const f = parseMoveType('|&T1, T0|(vector<T1>) has drop');
    expect(substituteGenerics(f, [parseTypeTag('u8'), coin])).toEqual(parseTypeTag('|&0x1::aptos_coin::AptosCoin, u8|(vector<0x1::aptos_coin::AptosCoin>) has drop'));
  });

  it('returns tags that encode, and leaves generic-free types equal', () => {
    fc.assert(
      fc.property(typeTagArb({ depth: 4 }), (t) => {
        expect(substituteGenerics(t)).toEqual(t);
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(moveTypeArb({ depth: 3 }), fc.array(typeTagArb({ depth: 2 }), { minLength: 3, maxLength: 3 }), (t, args) => {
        const d = dereference(t);
        const tag = substituteGenerics(d, args);
        expect(hasGenerics(tag)).toBe(false);
        expect(typeTag.decode(typeTag.encode(tag))).toEqual(tag);
      }),
      { numRuns: 200 },
    );
  });

  it('out-of-range index fails with the node message', () => {
    const e = expectBcsError(() => substituteGenerics(parseMoveType('vector<T2>'), [coin, coin]), 'out_of_range');
    expect(e.message).toBe('Generic type parameter index 2 out of bounds (have 2 type args)');
    expect(expectBcsError(() => substituteGenerics(parseMoveType('T0')), 'out_of_range').message).toBe(
      'Generic type parameter index 0 out of bounds (have 0 type args)',
    );
  });

  it('a top-level reference never becomes a type tag', () => {
    expectBcsError(() => substituteGenerics(parseMoveType('&u8'), []), 'invalid_type');
    expectBcsError(() => substituteGenerics(parseMoveType('&mut T0'), [coin]), 'invalid_type');
    expect(substituteGenerics(dereference(parseMoveType('&mut T0')), [coin])).toEqual(coin);
  });

  it('generic parameters and references cannot reach BCS at run time either', () => {
    expectBcsError(() => typeTag.encode(parseMoveType('T0') as unknown as TypeTag), 'invalid_type');
    expectBcsError(() => typeTag.encode(parseMoveType('&u8') as unknown as TypeTag), 'invalid_type');
    expectBcsError(() => typeTag.encode(parseMoveType('0x1::m::S<T0>') as unknown as TypeTag), 'invalid_type');
  });
});

describe('jsonTypeName (api/types/src/move_types.rs json_type_name)', () => {
  const cases: [string, string][] = [
    ['u8', 'integer<u8>'],
    ['u16', 'integer<u16>'],
    ['u32', 'integer<u32>'],
    ['u64', 'string<u64>'],
    ['u128', 'string<u128>'],
    ['u256', 'string<u256>'],
    ['i8', 'integer<i8>'],
    ['i16', 'integer<i16>'],
    ['i32', 'integer<i32>'],
    ['i64', 'string<i64>'],
    ['i128', 'string<i128>'],
    ['i256', 'string<i256>'],
    ['address', 'string<address>'],
    ['signer', 'string<address>'],
    ['&signer', 'string<address>'],
    ['bool', 'boolean'],
    ['vector<u8>', 'string<hex>'],
    ['&vector<u8>', 'string<hex>'],
    ['vector<vector<u8>>', 'array<string<hex>>'],
    ['vector<u64>', 'array<string<u64>>'],
    ['vector<0x1::string::String>', 'array<string<move_struct_tag_id>>'],
    ['0x1::object::Object<T0>', 'string<move_struct_tag_id>'],
    ['T0', 'string<move_struct_tag_id>'],
    ['vector<T0>', 'array<string<move_struct_tag_id>>'],
    ['|u8|()', 'string<move_function_id>'],
    ['&mut u64', 'string<u64>'],
  ];
  for (const [s, name] of cases) {
    it(`${s} -> ${name}`, () => {
      expect(jsonTypeName(parseMoveType(s))).toBe(name);
    });
  }

  it('rejects unknown kinds', () => {
    expectBcsError(() => jsonTypeName({ $kind: 'u7' } as unknown as MoveType), 'invalid_variant');
  });

  it('isSignerType: signer, &signer, &mut signer only', () => {
    expect(['signer', '&signer', '&mut signer'].map((s) => isSignerType(parseMoveType(s)))).toEqual([true, true, true]);
    expect(['address', 'vector<signer>', 'T0'].map((s) => isSignerType(parseMoveType(s)))).toEqual([false, false, false]);
  });
});
