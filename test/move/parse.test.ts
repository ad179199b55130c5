import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SPECIAL_LONG_ADDRESSES } from '../../src/bcs/address.js';
import {
  formatStructTag,
  formatTypeTag,
  parseStructTag,
  parseTypeTag,
  typeTag,
  typeTagEquals,
  type TypeTag,
} from '../../src/move/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import { typeTagArb, withRandomSpace } from './arbitraries.js';

const long = (short: string) => '0x' + short.slice(2).padStart(64, '0');
const S = (address: string, module: string, name: string, typeArgs: TypeTag[] = []): TypeTag => ({
  $kind: 'struct',
  value: { address: long(address), module, name, typeArgs },
});
const u8: TypeTag = { $kind: 'u8' };
const vec = (value: TypeTag): TypeTag => ({ $kind: 'vector', value });
const nestVec = (n: number, leaf = 'u8') => 'vector<'.repeat(n) + leaf + '>'.repeat(n);
const nestStruct = (n: number) => '0x1::a::A<'.repeat(n - 1) + '0x1::a::A' + '>'.repeat(n - 1);

describe('parseTypeTag: accepted forms (parser.rs rules)', () => {
  it('parses every primitive keyword, signed integers included', () => {
    for (const k of ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'i8', 'i16', 'i32', 'i64', 'i128', 'i256', 'address', 'signer'] as const) {
      expect(parseTypeTag(k)).toEqual({ $kind: k });
    }
  });

  it('ignores whitespace between any two tokens (Rust is_ascii_whitespace)', () => {
    const want = vec(S('0x1', 'coin', 'Coin', [S('0x1', 'aptos_coin', 'AptosCoin'), u8]));
    for (const s of [
      'vector<0x1::coin::Coin<0x1::aptos_coin::AptosCoin,u8>>',
      ' vector < 0x1 :: coin :: Coin < 0x1::aptos_coin::AptosCoin , u8 > > ',
      '\tvector\n<\r0x1::coin::Coin\f<0x1::aptos_coin::AptosCoin,\n\nu8>>\n',
    ]) {
      expect(parseTypeTag(s)).toEqual(want);
    }
  });

  it('addresses: 0x or 0X, 1 to 64 digits of either case, left-padded', () => {
    expect(parseTypeTag('0X1::m::S')).toEqual(S('0x1', 'm', 'S'));
    expect(parseTypeTag('0xABCdef::m::S')).toEqual(S('0xabcdef', 'm', 'S'));
    expect(parseTypeTag('0x0::m::S')).toEqual(S('0x0', 'm', 'S'));
    const full = '0x' + 'F'.repeat(64);
    expect(parseTypeTag(full + '::m::S')).toEqual(S('0x' + 'f'.repeat(64), 'm', 'S'));
    expect(parseTypeTag('0x0001::m::S')).toEqual(S('0x1', 'm', 'S'));
  });

  it('struct arguments: trailing comma and empty <> allowed', () => {
    expect(parseTypeTag('0x1::m::S<u8,>')).toEqual(S('0x1', 'm', 'S', [u8]));
    expect(parseTypeTag('0x1::m::S<u8, u8 , >')).toEqual(S('0x1', 'm', 'S', [u8, u8]));
    expect(parseTypeTag('0x1::m::S<>')).toEqual(S('0x1', 'm', 'S'));
    expect(parseTypeTag('0x1::m::S< >')).toEqual(S('0x1', 'm', 'S'));
  });

  it('identifiers: leading underscore and keywords as module/struct names (superset of the node)', () => {
    expect(parseTypeTag('0x1::_m::_S')).toEqual(S('0x1', '_m', '_S'));
    expect(parseTypeTag('0x1::vector::u8')).toEqual(S('0x1', 'vector', 'u8'));
    expect(parseTypeTag('0x1::m::S_1<0x2::T0::T1>')).toEqual(S('0x1', 'm', 'S_1', [S('0x2', 'T0', 'T1')]));
  });

  it('function types in the canonical form', () => {
    expect(parseTypeTag('|u64, &mut 0x1::m::S|(bool) has copy + drop')).toEqual({
      $kind: 'function',
      value: {
        args: [{ $kind: 'value', value: { $kind: 'u64' } }, { $kind: 'mutableReference', value: S('0x1', 'm', 'S') }],
        results: [{ $kind: 'value', value: { $kind: 'bool' } }],
        abilities: 3,
      },
    });
    expect(parseTypeTag('||()')).toEqual({ $kind: 'function', value: { args: [], results: [], abilities: 0 } });
    expect(parseTypeTag(' | | ( ) ')).toEqual(parseTypeTag('||()'));
    // Abilities in any order; the canonical string sorts them.
    expect(formatTypeTag(parseTypeTag('||() has key+store+drop+copy'))).toBe('||() has copy + drop + store + key');
    expect(parseTypeTag('||(u8, &u16,)')).toEqual(parseTypeTag('||(u8, &u16)'));
    // A function-typed first parameter starts with `|`: `||` is only an empty list before `(`.
    const nested = parseTypeTag('||||()|()|()');
    expect(nested).toEqual({
      $kind: 'function',
      value: {
        args: [{ $kind: 'value', value: { $kind: 'function', value: { args: [{ $kind: 'value', value: { $kind: 'function', value: { args: [], results: [], abilities: 0 } } }], results: [], abilities: 0 } } }],
        results: [],
        abilities: 0,
      },
    });
    expect(formatTypeTag(nested)).toBe('||||()|()|()');
    expectBcsError(() => parseTypeTag('|||()|()|()'), 'invalid_type_tag');
    // `&mut` needs a break after `mut`; `&mutable` would be a name.
    expect(parseTypeTag('|&mut u8|()')).toEqual(parseTypeTag('|& mut\tu8|()'));
  });

  it('the nesting limit: depth 8 parses, depth 9 fails with the node message', () => {
    expect(parseTypeTag(nestVec(8))).toEqual(JSON.parse(JSON.stringify(nestVecTag(8))));
    const e = expectBcsError(() => parseTypeTag(nestVec(9)), 'invalid_type_tag');
    expect(e.message).toContain('Exceeded TypeTag nesting limit during parsing: 9');
    expect(e.offset).toBe(9 * 'vector<'.length);
    // Leaves count for the parser: 9 structs with an argument-less innermost one parse (its depth is 8)…
    const nine = parseTypeTag(nestStruct(9));
    // …and that tag has 9 nested composites: it encodes (the encoder allows one more) but does not decode.
    expectBcsError(() => typeTag.decode(typeTag.encode(nine)), 'exceeded_max_depth');
    expect(expectBcsError(() => parseTypeTag(nestStruct(10)), 'invalid_type_tag').message).toContain('during parsing: 9');
    expectBcsError(() => parseTypeTag(`0x1::m::S<u8, ${nestVec(9)}>`), 'invalid_type_tag');
    expectBcsError(() => parseTypeTag('|' + nestVec(8) + '|()'), 'invalid_type_tag');
    expect(() => parseTypeTag('|' + nestVec(7) + '|()')).not.toThrow();
  });
});

function nestVecTag(n: number): TypeTag {
  return n === 0 ? u8 : vec(nestVecTag(n - 1));
}

describe('parseTypeTag: every error path has code invalid_type_tag and an offset', () => {
  const cases: [string, string, number, string][] = [
    ['empty', '', 0, 'expected a type, got end of input'],
    ['only whitespace', '   ', 3, 'end of input'],
    ['unknown name', 'vector<u9>', 7, 'expected a type, got "u9"'],
    ['keywords are case-sensitive', 'U8', 0, '"U8"'],
    ['Vector is not vector', 'Vector<u8>', 0, '"Vector"'],
    ['a number', '123', 0, 'number "123"'],
    ['address without 0x', '1::m::S', 0, 'number'],
    ['0x without digits', '0x::m::S', 2, "expected hex digits after '0x'"],
    ['0X followed by non-hex', '0Xg::m::S', 2, "hex digits after '0X'"],
    ['65 hex digits', '0x' + '1'.repeat(65) + '::m::S', 0, '65 hex digits'],
    ['single colon', '0x1:m::S', 3, "expected '::', got ':'"],
    ['colons split by space', '0x1: :m::S', 3, "expected '::'"],
    ['hex digits run into a name', '0x1g::m::S', 3, `expected '::', got "g"`],
    ['missing struct part', '0x1::m', 6, "expected '::', got end of input"],
    ['missing module name', '0x1::::S', 5, 'expected a module name'],
    ['struct name starts with a digit', '0x1::m::1S', 8, 'expected a struct name, got "1S"'],
    ['underscore alone', '0x1::_::S', 5, "invalid identifier '_'"],
    ['vector without <', 'vector u8', 7, "expected '<', got \"u8\""],
    ['vector unclosed', 'vector<u8', 9, "expected '>', got end of input"],
    ['vector with a trailing comma', 'vector<u8,>', 9, "expected '>', got ','"],
    ['vector with two arguments', 'vector<u8, u8>', 9, "expected '>'"],
    ['struct args without a comma', '0x1::m::S<u8 u8>', 13, "expected ',' or '>', got \"u8\""],
    ['struct args: leading comma', '0x1::m::S<,>', 10, "expected a type, got ','"],
    ['struct args: double comma', '0x1::m::S<u8,,>', 13, "expected a type, got ','"],
    ['struct args unclosed', '0x1::m::S<u8', 12, "expected ',' or '>', got end of input"],
    ['two types', 'u8 u8', 3, 'expected end of input, got "u8"'],
    ['stray >', 'u8>', 2, "expected end of input, got '>'"],
    ['space inside a keyword', 'u 8', 0, 'expected a type, got "u"'],
    ['vertical tab is not whitespace', 'u8\u000b', 2, 'expected end of input'],
    ['unknown character', 'vector<$>', 7, "got '$'"],
    ['non-ASCII letter', 'vector<ü8>', 7, "got 'ü'"],
    ['astral character', '0x1::m::S<😀>', 10, "got '😀'"],
    ['generic parameter in a type tag', 'vector<T0>', 7, 'generic type parameter T0 is not allowed in a type tag'],
    ['reference in a type tag', '&u8', 0, 'a reference is only allowed'],
    ['reference inside a vector', 'vector<&u8>', 7, 'a reference is only allowed'],
    ['function unclosed params', '|u64', 4, "expected ',' or '|', got end of input"],
    ['function params without a comma', '|u64 u8|()', 5, "expected ',' or '|'"],
    ['function without results', '|u64|', 5, "expected '(', got end of input"],
    ['function with bare results', '|u64|bool', 5, "expected '(', got \"bool\""],
    ['function results unclosed', '|u64|(bool', 10, "expected ',' or ')', got end of input"],
    ['function results without a comma', '||(u8 u8)', 6, "expected ',' or ')'"],
    ['has without abilities', '||() has', 8, 'expected an ability (copy, drop, store, key), got end of input'],
    ['unknown ability', '||() has cpy', 9, 'got "cpy"'],
    ['abilities are case-sensitive', '||() has Copy', 9, 'got "Copy"'],
    ['duplicate ability', '||() has copy + copy', 16, "duplicate ability 'copy'"],
    ['dangling +', '||() has copy +', 15, 'expected an ability'],
    ['function params: no trailing comma (|… after a comma starts a function type)', '|u8,|()', 5, "expected a type, got '('"],
  ];
  for (const [name, input, offset, what] of cases) {
    it(name, () => {
      const e = expectBcsError(() => parseTypeTag(input), 'invalid_type_tag');
      expect(e.message).toContain(what);
      expect(e.message).toContain(JSON.stringify(input));
      expect(e.offset).toBe(offset);
    });
  }

  it('non-string input is invalid_type', () => {
    expectBcsError(() => parseTypeTag(42 as unknown as string), 'invalid_type');
    expectBcsError(() => parseTypeTag(null as unknown as string), 'invalid_type');
  });

  it('parseStructTag refuses other types with the node message', () => {
    expect(parseStructTag('0x1::string::String')).toEqual((S('0x1', 'string', 'String') as { value: unknown }).value);
    const e = expectBcsError(() => parseStructTag('vector<u8>'), 'invalid_type_tag');
    expect(e.message).toContain('invalid struct tag: vector<u8>');
    expectBcsError(() => parseStructTag('0x1::string'), 'invalid_type_tag');
  });
});

describe('formatting', () => {
  const tag = parseTypeTag('0x1::a::A<0xa550c18::b::B<bool, vector<u8>>, 0xff::c::C<u8>>');

  it('canonical: short addresses, ", " between arguments (to_canonical_string)', () => {
    expect(formatTypeTag(tag)).toBe('0x1::a::A<0xa550c18::b::B<bool, vector<u8>>, 0xff::c::C<u8>>');
    expect(formatTypeTag(parseTypeTag('0x0::m::S'))).toBe('0x0::m::S');
  });

  it('aip40: special addresses short, others long', () => {
    expect(formatTypeTag(tag, 'aip40')).toBe(`0x1::a::A<${long('0xa550c18')}::b::B<bool, vector<u8>>, ${long('0xff')}::c::C<u8>>`);
    expect(formatTypeTag(parseTypeTag('0xf::m::S'), 'aip40')).toBe('0xf::m::S');
    expect(formatTypeTag(parseTypeTag('0x10::m::S'), 'aip40')).toBe(long('0x10') + '::m::S');
  });

  it('long: every address long', () => {
    expect(formatStructTag(parseStructTag('0x1::m::S<u8>'), 'long')).toBe(long('0x1') + '::m::S<u8>');
  });

  it('formats inputs with short or byte addresses', () => {
    expect(formatTypeTag({ $kind: 'struct', value: { address: '0x01', module: 'm', name: 'S', typeArgs: [] } })).toBe('0x1::m::S');
    expect(formatTypeTag({ $kind: 'struct', value: { address: new Uint8Array(32), module: 'm', name: 'S', typeArgs: [] } })).toBe('0x0::m::S');
  });

  it('rejects unknown kinds and styles', () => {
    expectBcsError(() => formatTypeTag({ $kind: 'u7' } as never), 'invalid_variant');
    expectBcsError(() => formatTypeTag(tag, 'short' as never), 'invalid_type');
    expectBcsError(() => formatTypeTag({ $kind: 'function', value: { args: [{ $kind: 'x', value: u8 }], results: [], abilities: 0 } } as never), 'invalid_variant');
  });

  it('parse(format(t)) = t for every style (fast-check)', () => {
    fc.assert(
      fc.property(typeTagArb({ depth: 5 }), fc.constantFrom('canonical', 'aip40', 'long' as const), (t, style) => {
        expect(parseTypeTag(formatTypeTag(t, style))).toEqual(t);
      }),
      { numRuns: 500 },
    );
  });

  it('whitespace between tokens never changes the tag (fast-check)', () => {
    const ws = fc.array(fc.constantFrom('', ' ', '\t', '\n', '\r', '\f', '  '), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(typeTagArb({ depth: 4 }), ws, (t, spaces) => {
        const s = withRandomSpace(formatTypeTag(t), spaces);
        expect(parseTypeTag(s)).toEqual(t);
        expect(typeTagEquals(s, t)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('distinct tags have distinct canonical strings (fast-check)', () => {
    fc.assert(
      fc.property(typeTagArb({ depth: 3 }), typeTagArb({ depth: 3 }), (a, b) => {
        expect(formatTypeTag(a) === formatTypeTag(b)).toBe(typeTagEquals(a, b));
      }),
      { numRuns: 300 },
    );
  });
});

describe('typeTagEquals', () => {
  it('compares strings regardless of whitespace and address spelling', () => {
    expect(typeTagEquals('vector< u8 >', 'vector<u8>')).toBe(true);
    expect(typeTagEquals('0x01::m::S<u8,>', '0x1::m::S<u8>')).toBe(true);
    expect(typeTagEquals('0x1::m::S', { $kind: 'struct', value: { address: '0x1', module: 'm', name: 'S', typeArgs: [] } })).toBe(true);
    expect(typeTagEquals('||() has drop + copy', '||() has copy+drop')).toBe(true);
  });

  it('tells different tags apart', () => {
    expect(typeTagEquals('vector<u8>', 'vector<u16>')).toBe(false);
    expect(typeTagEquals('0x1::m::S', '0x2::m::S')).toBe(false);
    expect(typeTagEquals('0x1::m::S', '0x1::m::T')).toBe(false);
    expect(typeTagEquals('0x1::m::S', '0x1::n::S')).toBe(false);
    expect(typeTagEquals('0x1::m::S<u8>', '0x1::m::S<u8, u8>')).toBe(false);
    expect(typeTagEquals('|&u8|()', '|&mut u8|()')).toBe(false);
    expect(typeTagEquals('||() has copy', '||()')).toBe(false);
    expect(typeTagEquals('||(u8)', '|u8|()')).toBe(false);
  });

  it('throws on an invalid string', () => {
    expectBcsError(() => typeTagEquals('vector<', 'u8'), 'invalid_type_tag');
  });
});

describe('single-digit addresses resolve to the shared long forms', () => {
  it('0x1, 0xa and 0xA parse to the special long addresses', () => {
    for (const [s, d] of [['0x1', 1], ['0xa', 10], ['0xA', 10], ['0X0', 0], ['0xf', 15]] as const) {
      const t = parseTypeTag(`${s}::m::S`);
      expect(t.$kind === 'struct' && t.value.address).toBe(SPECIAL_LONG_ADDRESSES[d]);
    }
  });
});
