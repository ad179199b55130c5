import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bcs, BcsReader, BcsWriter, fromHex, toHex, type AnySchema, type Schema } from '../../src/bcs/index.js';

// Each case pairs a schema with an arbitrary of its values; decode(encode(v)) must equal v and
// serializedSize(v) must equal encode(v).length.
const addressArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map(toHex);
const bigRange = (bits: number, signed: boolean) =>
  signed ? fc.bigInt(-(1n << BigInt(bits - 1)), (1n << BigInt(bits - 1)) - 1n) : fc.bigInt(0n, (1n << BigInt(bits)) - 1n);

const cases: [string, AnySchema, fc.Arbitrary<unknown>][] = [
  ['bool', bcs.bool, fc.boolean()],
  ['u8', bcs.u8, fc.integer({ min: 0, max: 0xff })],
  ['u16', bcs.u16, fc.integer({ min: 0, max: 0xffff })],
  ['u32', bcs.u32, fc.nat({ max: 0xffffffff })],
  ['u64', bcs.u64, bigRange(64, false)],
  ['u128', bcs.u128, bigRange(128, false)],
  ['u256', bcs.u256, bigRange(256, false)],
  ['i8', bcs.i8, fc.integer({ min: -128, max: 127 })],
  ['i16', bcs.i16, fc.integer({ min: -0x8000, max: 0x7fff })],
  ['i32', bcs.i32, fc.integer({ min: -0x80000000, max: 0x7fffffff })],
  ['i64', bcs.i64, bigRange(64, true)],
  ['i128', bcs.i128, bigRange(128, true)],
  ['i256', bcs.i256, bigRange(256, true)],
  ['uleb128', bcs.uleb128, fc.nat({ max: 0xffffffff })],
  ['unit', bcs.unit, fc.constant(null)],
  ['bytes', bcs.bytes, fc.uint8Array({ maxLength: 300 })],
  ['fixedBytes(5)', bcs.fixedBytes(5), fc.uint8Array({ minLength: 5, maxLength: 5 })],
  ['string', bcs.string, fc.string({ unit: 'grapheme', maxLength: 80 })],
  ['string (binary, long)', bcs.string, fc.string({ unit: 'binary', minLength: 60, maxLength: 300 })],
  ['address', bcs.address, addressArb],
  ['option<u16>', bcs.option(bcs.u16), fc.option(fc.integer({ min: 0, max: 0xffff }), { nil: null })],
  ['vector<u64>', bcs.vector(bcs.u64), fc.array(bigRange(64, false), { maxLength: 200 })],
  ['vector<string>', bcs.vector(bcs.string), fc.array(fc.string(), { maxLength: 20 })],
  ['vector<vector<u8>>', bcs.vector(bcs.vector(bcs.u8)), fc.array(fc.array(fc.integer({ min: 0, max: 255 })))],
  ['tuple', bcs.tuple([bcs.u8, bcs.string, bcs.option(bcs.address)]), fc.tuple(fc.integer({ min: 0, max: 255 }), fc.string(), fc.option(addressArb, { nil: null }))],
  [
    'struct',
    bcs.struct('S', { a: bcs.u32, b: bcs.vector(bcs.bool), c: bcs.option(bcs.i128) }),
    fc.record({ a: fc.nat({ max: 0xffffffff }), b: fc.array(fc.boolean()), c: fc.option(bigRange(128, true), { nil: null }) }),
  ],
  [
    'enum',
    bcs.enum('E', { A: null, B: bcs.u8, C: bcs.struct('C', { x: bcs.string }) }),
    fc.oneof(
      fc.constant({ $kind: 'A' }),
      fc.integer({ min: 0, max: 255 }).map((value) => ({ $kind: 'B', value })),
      fc.string().map((x) => ({ $kind: 'C', value: { x } })),
    ),
  ],
  [
    'map<string, u64>',
    bcs.map(bcs.string, bcs.u64),
    fc.uniqueArray(fc.tuple(fc.string(), bigRange(64, false)), { selector: ([k]) => k, maxLength: 20 }).map((e) => new Map(e)),
  ],
  [
    'map<u64, vector<u8>>',
    bcs.map(bcs.u64, bcs.vector(bcs.u8)),
    fc.uniqueArray(fc.tuple(bigRange(64, false), fc.array(fc.integer({ min: 0, max: 255 }))), { selector: ([k]) => k, maxLength: 10 }).map((e) => new Map(e)),
  ],
];

// A recursive schema: a rose tree of labelled nodes.
type Tree = { label: string; children: Tree[] };
const tree: Schema<Tree> = bcs.struct('Tree', { label: bcs.string, children: bcs.vector(bcs.lazy<Tree>('Tree', () => tree)) });
const { node: treeArb } = fc.letrec<{ node: Tree }>((t) => ({
  node: fc.record({
    label: fc.string({ maxLength: 5 }),
    children: fc.oneof({ depthIdentifier: 'tree', maxDepth: 5 }, fc.constant<Tree[]>([]), fc.array(t('node'), { maxLength: 3, depthIdentifier: 'tree' })),
  }),
}));
cases.push(['recursive tree', tree, treeArb]);

type Expr = { $kind: 'Lit'; value: bigint } | { $kind: 'Add'; value: [Expr, Expr] } | { $kind: 'Neg'; value: Expr };
const expr: Schema<Expr> = bcs.enum('Expr', {
  Lit: bcs.i64,
  Add: bcs.tuple([bcs.lazy<Expr>('Expr', () => expr), bcs.lazy<Expr>('Expr', () => expr)]),
  Neg: bcs.lazy<Expr>('Expr', () => expr),
});
const { e: exprArb } = fc.letrec<{ e: Expr }>((t) => ({
  e: fc.oneof(
    { depthIdentifier: 'expr', maxDepth: 6 },
    bigRange(64, true).map((value) => ({ $kind: 'Lit' as const, value })),
    fc.tuple(t('e'), t('e')).map((value) => ({ $kind: 'Add' as const, value })),
    t('e').map((value) => ({ $kind: 'Neg' as const, value })),
  ),
}));
cases.push(['recursive enum', expr, exprArb]);

describe('round trips (fast-check)', () => {
  for (const [name, s, arb] of cases) {
    it(`${name}: decode(encode(v)) = v and serializedSize = encode().length`, () => {
      fc.assert(
        fc.property(arb, (v) => {
          const bytes = s.encode(v);
          expect(s.serializedSize(v)).toBe(bytes.length);
          expect(s.decode(bytes)).toEqual(v);
          // The streaming reader reads the same value as a prefix of a longer input.
          const r = new BcsReader(new Uint8Array([...bytes, 0xaa]));
          expect(s.read(r)).toEqual(v);
          expect(r.remaining).toBe(1);
        }),
        { numRuns: 150 },
      );
    });
  }

  it('writer output matches schema.encode and grows from a tiny buffer', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 30 }), (v) => {
        const s = bcs.vector(bcs.string);
        const w = new BcsWriter(1);
        s.write(w, v);
        expect(toHex(w.toBytes())).toBe(toHex(s.encode(v)));
      }),
    );
  });

  it('nested encode calls (re-entrancy) do not corrupt each other', () => {
    const inner = bcs.vector(bcs.u64);
    const outer = bcs.vector(bcs.wrapped(inner));
    const v = [[1n, 2n], [], [3n]];
    expect(outer.decode(outer.encode(v))).toEqual(v);
    expect(toHex(outer.encode(v))).toBe('0x03' + '11' + '020100000000000000' + '0200000000000000' + '0100' + '09' + '01' + '0300000000000000');
  });

  it('ULEB128 bytes match a 7-bit loop at every length boundary, alone, in a vector and via the writer', () => {
    // The reference is the spec's loop (low 7 bits first, high bit set while more follow), written
    // independently of writer.ts's unrolled `ulebAt`; the arbitrary hits each length's both ends.
    const reference = (v: number): number[] => {
      const out: number[] = [];
      for (; v >= 0x80; v = Math.floor(v / 128)) out.push((v % 128) | 0x80);
      return [...out, v];
    };
    const edges = [0, 0x7f, 0x80, 0x3fff, 0x4000, 0x1fffff, 0x200000, 0xfffffff, 0x10000000, 0xffffffff];
    const value = fc.oneof(fc.constantFrom(...edges), fc.nat({ max: 0xffffffff }), fc.nat({ max: 0x3fff }));
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), (values) => {
        const each = values.map(reference);
        expect([...bcs.vector(bcs.uleb128).encode(values)]).toEqual([...reference(values.length), ...each.flat()]);
        values.forEach((v, i) => expect([...bcs.uleb128.encode(v)]).toEqual(each[i]));
        const w = new BcsWriter(1);
        values.forEach((v) => w.uleb128(v));
        expect([...w.buf.subarray(0, w.off)]).toEqual(each.flat());
      }),
    );
  });

  it('hex round trips', () => {
    fc.assert(
      fc.property(fc.uint8Array(), (b) => {
        expect(fromHex(toHex(b))).toEqual(b);
      }),
    );
  });
});
