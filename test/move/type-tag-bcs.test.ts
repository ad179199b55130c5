import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/bcs/index.js';
import {
  formatTypeTag,
  MAX_TYPE_TAG_NESTING,
  MAX_TYPE_TAG_NESTING_WHEN_SERIALIZING,
  parseTypeTag,
  primitiveTypeTag,
  structTag,
  typeTag,
  TYPE_TAG_VARIANTS,
  type StructTag,
  type TypeTag,
  type TypeTagInput,
} from '../../src/move/index.js';
import fixtures from '../../fixtures/move/type-tags.json' with { type: 'json' };
import { expectBcsError, hex } from '../bcs/helpers.js';
import { typeTagArb } from './arbitraries.js';

const ONE = '0x' + '0'.repeat(63) + '1';
const u8: TypeTag = { $kind: 'u8' };
const vec = (value: TypeTag): TypeTag => ({ $kind: 'vector', value });
const struct = (typeArgs: TypeTag[] = []): TypeTag => ({ $kind: 'struct', value: { address: ONE, module: 'a', name: 'a', typeArgs } });
const fn = (value: TypeTag): TypeTag => ({ $kind: 'function', value: { args: [{ $kind: 'value', value }], results: [], abilities: 0 } });
const nest = (n: number, wrap: (t: TypeTag) => TypeTag, leaf: TypeTag = u8): TypeTag => (n === 0 ? leaf : wrap(nest(n - 1, wrap, leaf)));

describe('golden type tags (fixtures/move/type-tags.json)', () => {
  for (const v of fixtures.vectors) {
    it(`${v.string} -> ${v.bcs}`, () => {
      expect(v.source.length).toBeGreaterThan(10);
      const tag = parseTypeTag(v.string);
      expect(toHex(typeTag.encode(tag))).toBe('0x' + v.bcs);
      expect(formatTypeTag(tag)).toBe(v.canonical);
      const decoded = typeTag.decode(hex(v.bcs));
      expect(decoded).toEqual(tag);
      expect(typeTag.serializedSize(tag)).toBe(v.bcs.length / 2);
      expect(parseTypeTag(v.canonical)).toEqual(tag);
    });
  }

  it('uses the node variant indices for signed integers, not ts-sdk 7.3 ones', () => {
    const signed = fixtures.vectors.filter((v) => 'tsSdkBcs' in v);
    expect(signed.map((v) => v.string)).toEqual(['i8', 'i16', 'i32', 'i64', 'i128', 'i256']);
    expect(signed.map((v) => v.bcs)).toEqual(['0c', '0d', '0e', '0f', '10', '11']);
    // ts-sdk's i8 byte is the node's Function variant: decoding it expects a FunctionTag after it.
    expectBcsError(() => typeTag.decode(hex('0b')), 'unexpected_end');
    expect(typeTag.decode(hex('0b000000'))).toEqual({ $kind: 'function', value: { args: [], results: [], abilities: 0 } });
  });

  it('every variant index decodes to its kind, in declaration order', () => {
    expect(TYPE_TAG_VARIANTS.indexOf('function')).toBe(11);
    expect(TYPE_TAG_VARIANTS.indexOf('i8')).toBe(12);
    expect(TYPE_TAG_VARIANTS.indexOf('i256')).toBe(17);
    for (const [i, kind] of TYPE_TAG_VARIANTS.entries()) {
      if (kind === 'vector' || kind === 'struct' || kind === 'function') continue;
      expect(typeTag.decode(Uint8Array.of(i))).toBe(primitiveTypeTag(kind));
    }
  });

  it('decodes primitives to shared frozen objects', () => {
    const t = typeTag.decode(hex('01'));
    expect(Object.isFrozen(t)).toBe(true);
    expect(typeTag.decode(hex('0601'))).toEqual(vec(u8));
  });
});

describe('nesting limit (safe_serialize.rs, language_storage.rs nested serde tests): encode 9, decode 8', () => {
  it('the encoder allows exactly one level more than the decoder', () => {
    expect(MAX_TYPE_TAG_NESTING_WHEN_SERIALIZING).toBe(MAX_TYPE_TAG_NESTING + 1);
  });

  // Only vector/struct/function count; the node's tests build 8 nested structs and 8 nested vectors
  // (innermost struct<u8>) that both encode and decode, and one more that does not decode.
  for (const [name, wrap] of [['vector', vec], ['struct', (t: TypeTag) => struct([t])], ['function', fn]] as const) {
    it(`${name}: ${MAX_TYPE_TAG_NESTING} nested composites round-trip`, () => {
      const ok = nest(MAX_TYPE_TAG_NESTING, wrap);
      expect(typeTag.decode(typeTag.encode(ok))).toEqual(ok);
    });

    it(`${name}: ${MAX_TYPE_TAG_NESTING + 1} nested composites encode but do not decode`, () => {
      const nine = nest(MAX_TYPE_TAG_NESTING + 1, wrap);
      const bytes = hexOfNested(name, MAX_TYPE_TAG_NESTING + 1);
      expect(typeTag.encode(nine)).toEqual(bytes);
      const d = expectBcsError(() => typeTag.decode(bytes), 'exceeded_max_depth');
      expect(d.message).toContain('type tag nesting exceeded during deserialization');
    });

    it(`${name}: ${MAX_TYPE_TAG_NESTING + 2} nested composites do not encode`, () => {
      const e = expectBcsError(() => typeTag.encode(nest(MAX_TYPE_TAG_NESTING + 2, wrap)), 'exceeded_max_depth');
      expect(e.message).toContain('type tag nesting exceeded during serialization');
    });
  }

  it('the node test shape: struct chain with a struct<u8> leaf, 8 ok, 9 fails to decode', () => {
    const chain = (n: number) => nest(n - 1, (t) => struct([t]), struct([u8]));
    expect(typeTag.decode(typeTag.encode(chain(8)))).toEqual(chain(8));
    expectBcsError(() => typeTag.decode(hexOfNested('struct', 9)), 'exceeded_max_depth');
    // A struct without type arguments still counts as a composite: the 10th is one too many.
    const leafStruct = (n: number) => nest(n - 1, (t) => struct([t]), struct());
    expect(() => typeTag.encode(leafStruct(9))).not.toThrow();
    expectBcsError(() => typeTag.encode(leafStruct(10)), 'exceeded_max_depth');
  });

  it('primitive leaves do not count, and siblings do not add up', () => {
    const wide = struct([nest(7, vec), nest(7, vec), u8]);
    expect(typeTag.decode(typeTag.encode(wide))).toEqual(wide);
  });

  it('a standalone StructTag starts its type arguments at depth 0', () => {
    const s = (struct([nest(MAX_TYPE_TAG_NESTING, vec)]) as { value: StructTag }).value;
    expect(structTag.decode(structTag.encode(s))).toEqual(s);
    // Wrapped in a TypeTag, the struct itself is the 9th composite: encodes, does not decode.
    expectBcsError(() => typeTag.decode(typeTag.encode({ $kind: 'struct', value: s })), 'exceeded_max_depth');
    const deeper = (struct([nest(MAX_TYPE_TAG_NESTING + 1, vec)]) as { value: StructTag }).value;
    expectBcsError(() => typeTag.encode({ $kind: 'struct', value: deeper }), 'exceeded_max_depth');
    const head = '00'.repeat(31) + '01' + '0161' + '0161' + '01';
    expect(structTag.decode(hex(head + '06'.repeat(8) + '01'))).toEqual(s);
    expectBcsError(() => structTag.decode(hex(head + '06'.repeat(9) + '01')), 'exceeded_max_depth');
  });

  it('decode errors report the offset of the offending tag', () => {
    const e = expectBcsError(() => typeTag.decode(hexOfNested('vector', 9)), 'exceeded_max_depth');
    expect(e.offset).toBe(8);
  });
});

/** Bytes of `n` nested composites of one kind around u8, written by hand (not by our encoder). */
function hexOfNested(kind: 'vector' | 'struct' | 'function', n: number): Uint8Array {
  const structHead = '07' + '00'.repeat(31) + '01' + '0161' + '0161' + '01';
  const head = kind === 'vector' ? '06' : kind === 'struct' ? structHead : '0b0102';
  const tail = kind === 'function' ? '0000' : '';
  return fromHex('0x' + head.repeat(n) + '01' + tail.repeat(n));
}

describe('malformed type tag bytes', () => {
  const cases: [string, string, Parameters<typeof expectBcsError>[1]][] = [
    ['empty input', '', 'unexpected_end'],
    ['variant index 18', '12', 'invalid_variant'],
    ['variant index 127', '7f', 'invalid_variant'],
    ['multi-byte variant index 128', '8001', 'invalid_variant'],
    ['non-canonical uleb variant', '8100', 'non_canonical_uleb128'],
    ['vector without element', '06', 'unexpected_end'],
    ['struct truncated in the address', '07' + '00'.repeat(10), 'unexpected_end'],
    ['struct missing type-arg count', '07' + '00'.repeat(32) + '0161' + '0161', 'unexpected_end'],
    ['struct type-arg count larger than the input', '07' + '00'.repeat(32) + '0161' + '0161' + '05' + '01', 'unexpected_end'],
    ['struct module with invalid UTF-8', '07' + '00'.repeat(32) + '01ff' + '0161' + '00', 'invalid_utf8'],
    ['struct with bad type arg variant', '07' + '00'.repeat(32) + '0161' + '0161' + '01' + '20', 'invalid_variant'],
    ['function param variant 3', '0b' + '01' + '03' + '01' + '00' + '00', 'invalid_variant'],
    ['function missing abilities', '0b0000', 'unexpected_end'],
    ['trailing bytes', '0100', 'remaining_input'],
  ];
  for (const [name, bytes, code] of cases) {
    it(name, () => {
      expectBcsError(() => typeTag.decode(hex(bytes)), code);
    });
  }

  it('reports the offset of a bad variant index inside a struct', () => {
    const e = expectBcsError(() => typeTag.decode(hex('07' + '00'.repeat(32) + '0161' + '0161' + '01' + '20')), 'invalid_variant');
    expect(e.offset).toBe(1 + 32 + 2 + 2 + 1);
  });

  it('structTag: truncated and bad variants', () => {
    expectBcsError(() => structTag.decode(hex('00'.repeat(31))), 'unexpected_end');
    expectBcsError(() => structTag.decode(hex('00'.repeat(32) + '0161' + '0161' + '0112')), 'invalid_variant');
    expectBcsError(() => structTag.decode(hex('00'.repeat(32) + '0161' + '0161' + '00' + '00')), 'remaining_input');
  });

  it('accepts, like the node, identifiers and ability bits it would not encode', () => {
    // The node's derived deserializers check neither; validation is the encoder's job.
    const odd = typeTag.decode(hex('07' + '00'.repeat(32) + '012d' + '0161' + '00'));
    expect((odd as { value: StructTag }).value.module).toBe('-');
    expectBcsError(() => typeTag.encode(odd), 'invalid_identifier');
    const f = typeTag.decode(hex('0b0000ff'));
    expect(f).toEqual({ $kind: 'function', value: { args: [], results: [], abilities: 255 } });
    expectBcsError(() => typeTag.encode(f), 'out_of_range');
  });
});

describe('encoder validation', () => {
  const bad: [string, unknown, Parameters<typeof expectBcsError>[1]][] = [
    ['null', null, 'invalid_type'],
    ['unknown kind', { $kind: 'u7' }, 'invalid_variant'],
    ['prototype key as kind', { $kind: 'toString' }, 'invalid_variant'],
    ['generic parameter', { $kind: 'generic', value: 0 }, 'invalid_type'],
    ['top-level reference', { $kind: 'reference', value: { $kind: 'u8' } }, 'invalid_type'],
    ['vector of generic', { $kind: 'vector', value: { $kind: 'generic', value: 1 } }, 'invalid_type'],
    ['bad address', { $kind: 'struct', value: { address: '0xzz', module: 'a', name: 'b', typeArgs: [] } }, 'invalid_address'],
    ['bad module name', { $kind: 'struct', value: { address: '0x1', module: '1a', name: 'b', typeArgs: [] } }, 'invalid_identifier'],
    ['bad struct name', { $kind: 'struct', value: { address: '0x1', module: 'a', name: 'b c', typeArgs: [] } }, 'invalid_identifier'],
    ['typeArgs not an array', { $kind: 'struct', value: { address: '0x1', module: 'a', name: 'b', typeArgs: 'u8' } }, 'invalid_type'],
    ['abilities out of range', { $kind: 'function', value: { args: [], results: [], abilities: 16 } }, 'out_of_range'],
    ['abilities not an integer', { $kind: 'function', value: { args: [], results: [], abilities: 1.5 } }, 'out_of_range'],
    ['bad param kind', { $kind: 'function', value: { args: [{ $kind: 'ref', value: { $kind: 'u8' } }], results: [], abilities: 0 } }, 'invalid_variant'],
  ];
  for (const [name, value, code] of bad) {
    it(name, () => {
      expectBcsError(() => typeTag.encode(value as TypeTagInput), code);
    });
  }

  it('fast paths and general paths agree (long-form addresses, identifiers)', () => {
    const tag = (address: string, module = 'm', name = 'S'): TypeTagInput => ({ $kind: 'struct', value: { address, module, name, typeArgs: [] } });
    const expected = (addrHex: string) => '0x07' + addrHex + '016d' + '0153' + '00';
    // Mostly-zero long form (startsWith path), a full-width one, upper case, and the short form.
    expect(toHex(typeTag.encode(tag('0x' + '0'.repeat(63) + 'f')))).toBe(expected('0'.repeat(63) + 'f'));
    expect(toHex(typeTag.encode(tag('0x' + 'ab'.repeat(32))))).toBe(expected('ab'.repeat(32)));
    expect(toHex(typeTag.encode(tag('0x' + 'AB'.repeat(32))))).toBe(expected('ab'.repeat(32)));
    expect(toHex(typeTag.encode(tag('0x' + '0'.repeat(48) + 'Ff'.repeat(8))))).toBe(expected('0'.repeat(48) + 'ff'.repeat(8)));
    // A bad character after the zero run, or inside a full-width form, still fails as an address.
    expectBcsError(() => typeTag.encode(tag('0x' + '0'.repeat(63) + 'g')), 'invalid_address');
    expectBcsError(() => typeTag.encode(tag('0x' + 'g' + '0'.repeat(63))), 'invalid_address');
    expectBcsError(() => typeTag.encode(tag('0X' + '0'.repeat(64))), 'invalid_address');
    // Identifiers: 127 characters take the fast path, 128 need a two-byte length.
    const id127 = 'a'.repeat(127);
    const id128 = 'b'.repeat(128);
    const long = typeTag.encode(tag('0x1', id127, id128));
    expect(typeTag.decode(long)).toEqual(tag(ONE, id127, id128));
    expect(toHex(long.subarray(33, 35))).toBe('0x7f61');
    expect(toHex(long.subarray(33 + 128, 33 + 131))).toBe('0x800162');
    for (const bad of ['', '_', '9a', 'aé', 'a-b', 'a'.repeat(127) + '-', '-'.repeat(200)]) {
      expectBcsError(() => typeTag.encode(tag('0x1', bad)), 'invalid_identifier');
      expectBcsError(() => typeTag.encode(tag('0x1', 'm', bad)), 'invalid_identifier');
    }
  });

  it('accepts any address input and decodes to the long form', () => {
    const input: TypeTagInput = { $kind: 'struct', value: { address: '0x1', module: 'coin', name: 'Coin', typeArgs: [] } };
    const bytes = typeTag.encode(input);
    expect(typeTag.decode(bytes)).toEqual({ $kind: 'struct', value: { address: ONE, module: 'coin', name: 'Coin', typeArgs: [] } });
    const fromBytes: TypeTagInput = { $kind: 'struct', value: { address: fromHex(ONE), module: 'coin', name: 'Coin', typeArgs: [] } };
    expect(typeTag.encode(fromBytes)).toEqual(bytes);
  });
});

describe('round trips (fast-check)', () => {
  it('TypeTag -> BCS -> TypeTag', () => {
    fc.assert(
      fc.property(typeTagArb({ depth: 5 }), (t) => {
        const bytes = typeTag.encode(t);
        expect(typeTag.decode(bytes)).toEqual(t);
        expect(typeTag.serializedSize(t)).toBe(bytes.length);
      }),
      { numRuns: 400 },
    );
  });

  it('BCS -> TypeTag -> BCS for decodable bytes of random tags', () => {
    fc.assert(
      fc.property(typeTagArb({ depth: 3 }), (t) => {
        const bytes = typeTag.encode(t);
        expect(typeTag.encode(typeTag.decode(bytes))).toEqual(bytes);
      }),
      { numRuns: 200 },
    );
  });

  it('never throws anything but BcsError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (b) => {
        try {
          const t = typeTag.decode(b);
          expect(typeof t.$kind).toBe('string');
        } catch (e) {
          expect((e as Error).name).toBe('BcsError');
        }
      }),
      { numRuns: 500 },
    );
  });
});
