import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equalBytes, toHex } from '../../src/bcs/index.js';
import { parseTypeTag } from '../../src/move/index.js';
import { moveValueJson, parseMoveValueJson } from '../../src/node-json/index.js';
import { layoutOf, type Layout } from '../../src/node-json/move-layouts.js';
import { abiRegistry, type MoveModuleJson, type MoveStructJson } from '../../src/submission/index.js';

// Property round trips over random layouts: generic structs (arguments substituted), a Move 2
// enum, field names whose sorted order differs from their declaration order, every integer kind,
// the built-in String / Option / Object, nested vectors.

const struct = (name: string, params: number, fields: [string, string][]): MoveStructJson => ({
  name,
  is_native: false,
  abilities: ['store'],
  generic_type_params: Array.from({ length: params }, () => ({ constraints: [] })),
  fields: fields.map(([n, type]) => ({ name: n, type })),
});

const MODULE: MoveModuleJson = {
  address: '0xcafe',
  name: 'm',
  friends: [],
  exposed_functions: [],
  structs: [
    struct('Pair', 2, [['zeta', 'T0'], ['alpha', 'T1']]),
    struct('Wrap', 1, [['inner', 'vector<T0>'], ['flag', 'bool'], ['Upper', 'u16'], ['_under', 'i32']]),
    struct('Plain', 0, [
      ['s', '0x1::string::String'],
      ['o', '0x1::option::Option<u64>'],
      ['obj', '0x1::object::Object<0xcafe::m::Plain>'],
      ['z', 'i128'],
      ['a', 'address'],
    ]),
    {
      ...struct('E', 1, []),
      is_enum: true,
      variants: [
        { name: 'None', fields: [] },
        { name: 'Some', fields: [{ name: 'v', type: 'T0' }] },
        { name: 'Many', fields: [{ name: 'xs', type: 'vector<T0>' }, { name: 'n', type: 'u64' }, { name: '_x', type: 'u8' }] },
      ],
    },
  ],
};

const PRIMITIVES = ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'i8', 'i16', 'i32', 'i64', 'i128', 'i256', 'address'];

const typeArb: fc.Arbitrary<string> = fc.letrec<{ t: string }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(...PRIMITIVES, '0x1::string::String', '0xcafe::m::Plain', 'vector<u8>'),
    tie('t').map((t) => `vector<${t}>`),
    tie('t').map((t) => `0x1::option::Option<${t}>`),
    tie('t').map((t) => `0xcafe::m::Wrap<${t}>`),
    tie('t').map((t) => `0xcafe::m::E<${t}>`),
    fc.tuple(tie('t'), tie('t')).map(([a, b]) => `0xcafe::m::Pair<${a}, ${b}>`),
  ),
})).t.filter((s) => s.split('<').length <= 8);

function big(bits: number, signed: boolean): fc.Arbitrary<string> {
  const b = BigInt(bits);
  const [min, max] = signed ? [-(1n << (b - 1n)), (1n << (b - 1n)) - 1n] : [0n, (1n << b) - 1n];
  return fc.oneof(fc.bigInt({ min, max }), fc.constantFrom(min, max, 0n)).map((n) => n.toString());
}

const addressJsonArb = fc.oneof(
  fc.constantFrom('0x0', '0x1', '0xa'),
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => {
    const h = toHex(b).slice(2).replace(/^0+(?=.)/, '');
    return '0x' + h;
  }),
);

/** A random JSON value of a layout, exactly as the node would write it. */
function valueArb(l: Layout, depth = 0): fc.Arbitrary<unknown> {
  switch (l.$kind) {
    case 'bool': return fc.boolean();
    case 'u8': return fc.integer({ min: 0, max: 0xff });
    case 'u16': return fc.integer({ min: 0, max: 0xffff });
    case 'u32': return fc.integer({ min: 0, max: 0xffffffff });
    case 'i8': return fc.integer({ min: -0x80, max: 0x7f });
    case 'i16': return fc.integer({ min: -0x8000, max: 0x7fff });
    case 'i32': return fc.integer({ min: -0x80000000, max: 0x7fffffff });
    case 'u64': return big(64, false);
    case 'u128': return big(128, false);
    case 'u256': return big(256, false);
    case 'i64': return big(64, true);
    case 'i128': return big(128, true);
    case 'i256': return big(256, true);
    case 'address': case 'signer': return addressJsonArb;
    case 'bytes': return fc.uint8Array({ maxLength: 12 }).map(toHex);
    case 'string': return fc.string({ unit: 'grapheme', maxLength: 8 });
    case 'vector': return fc.array(valueArb(l.item, depth + 1), { maxLength: depth > 3 ? 0 : 3 });
    case 'struct':
      return fc.tuple(...l.fields.map((f) => valueArb(f.layout, depth + 1))).map((vs) => {
        const o: Record<string, unknown> = {};
        for (const i of l.order) o[l.fields[i].name] = vs[i];
        return o;
      });
    case 'enum':
      return fc.oneof(
        ...l.variants.map((v) =>
          fc.tuple(...v.fields.map((f) => valueArb(f.layout, depth + 1))).map((vs) => {
            const o: Record<string, unknown> = {};
            for (const i of v.order) {
              if (i < 0) o.__variant__ = v.name;
              else o[v.fields[i].name] = vs[i];
            }
            return o;
          }),
        ),
      );
  }
}

const abis = abiRegistry([MODULE]);
const caseArb = typeArb.chain((s) => {
  const type = parseTypeTag(s);
  return valueArb(layoutOf(type, abis)).map((json) => ({ s, type, json }));
});

describe('Move values: property round trips over random layouts', () => {
  it('JSON → BCS → JSON is the identity, and the text is the same', () => {
    fc.assert(
      fc.property(caseArb, ({ type, json }) => {
        const bytes = parseMoveValueJson(type, json, abis);
        const back = moveValueJson(type, bytes, abis);
        expect(JSON.stringify(back)).toBe(JSON.stringify(json));
      }),
      { numRuns: 300 },
    );
  });

  it('BCS → JSON → BCS is the identity', () => {
    fc.assert(
      fc.property(caseArb, ({ type, json }) => {
        const bytes = parseMoveValueJson(type, json, abis);
        expect(equalBytes(parseMoveValueJson(type, moveValueJson(type, bytes, abis), abis), bytes)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('any bytes the renderer accepts read back to exactly those bytes (the rendering is canonical)', () => {
    // Valid bytes with one byte changed: near misses (a bool of 2, a non-canonical length, a
    // variant out of range, invalid UTF-8 in a String) as well as other valid values.
    let accepted = 0;
    fc.assert(
      fc.property(caseArb, fc.nat(), fc.integer({ min: 0, max: 255 }), ({ type, json }, at, byte) => {
        const bytes = parseMoveValueJson(type, json, abis).slice();
        if (bytes.length > 0) bytes[at % bytes.length] = byte;
        let rendered: unknown;
        try {
          rendered = moveValueJson(type, bytes, abis);
        } catch (e) {
          expect((e as Error).name).toBe('BcsError');
          return;
        }
        accepted++;
        expect(toHex(parseMoveValueJson(type, rendered, abis))).toBe(toHex(bytes));
      }),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(100);
  });
});
