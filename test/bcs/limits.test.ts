import { describe, expect, it } from 'vitest';
import { bcs, BcsReader, BcsWriter, MAX_CONTAINER_DEPTH, MAX_SEQUENCE_LENGTH, MAX_ZERO_SIZED_ELEMENTS, type Schema } from '../../src/bcs/index.js';
import { expectBcsError, hex } from './helpers.js';

/** uleb128 of `n`. */
function uleb(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

/** `outer` inner sequences, each claiming `inner` zero-sized elements. */
function nested(outer: number, inner: number): Uint8Array {
  const bytes = [...uleb(outer)];
  for (let i = 0; i < outer; i++) bytes.push(...uleb(inner));
  return Uint8Array.from(bytes);
}

describe('zero-sized elements: one budget per decode', () => {
  it('the amplification case: 4,096 inner vectors of 4,096 units in 8,194 bytes fails', () => {
    const input = nested(4096, 4096);
    expect(input.length).toBe(8194);
    const e = expectBcsError(() => bcs.vector(bcs.vector(bcs.unit)).decode(input), 'exceeded_max_length');
    // The first inner vector takes the whole budget; the second is refused at its own prefix.
    expect(e.offset).toBe(4);
    expect(e.path).toBe('[1]');
  });

  it('a decode under the budget still works, up to exactly the budget', () => {
    const s = bcs.vector(bcs.vector(bcs.unit));
    expect(s.decode(nested(2, 3))).toEqual([[null, null, null], [null, null, null]]);
    const full = s.decode(nested(4, MAX_ZERO_SIZED_ELEMENTS / 4));
    expect(full.map((v) => v.length)).toEqual([1024, 1024, 1024, 1024]);
    expectBcsError(() => s.decode(nested(5, MAX_ZERO_SIZED_ELEMENTS / 4)), 'exceeded_max_length');
  });

  it('the budget belongs to one decode: two decodes each get all of it', () => {
    const s = bcs.vector(bcs.unit);
    const input = Uint8Array.from(uleb(MAX_ZERO_SIZED_ELEMENTS));
    expect(s.decode(input)).toHaveLength(MAX_ZERO_SIZED_ELEMENTS);
    expect(s.decode(input)).toHaveLength(MAX_ZERO_SIZED_ELEMENTS);
    // One reader reading two values shares it.
    const r = new BcsReader(Uint8Array.from([...uleb(3000), ...uleb(3000)]));
    expect(s.read(r)).toHaveLength(3000);
    expectBcsError(() => s.read(r), 'exceeded_max_length');
  });

  it('every zero-sized element counts: unit, empty tuple, empty struct, map of units', () => {
    const cases: [string, Schema<unknown, never>][] = [
      ['unit', bcs.unit as Schema<unknown, never>],
      ['()', bcs.tuple([]) as Schema<unknown, never>],
      ['Empty', bcs.struct('Empty', {}) as Schema<unknown, never>],
      ['(unit, ())', bcs.tuple([bcs.unit, bcs.tuple([])]) as Schema<unknown, never>],
    ];
    for (const [name, element] of cases) {
      const s = bcs.vector(bcs.vector(element));
      expect(s.decode(nested(2, 2)), name).toHaveLength(2);
      expectBcsError(() => s.decode(nested(3, 2000)), 'exceeded_max_length');
    }
    // A map's keys must increase, so a map of units holds at most one entry; each still counts.
    const m = bcs.vector(bcs.map(bcs.unit, bcs.unit));
    expect(m.decode(Uint8Array.from([2, 1, 1]))).toEqual([new Map([[null, null]]), new Map([[null, null]])]);
    expectBcsError(() => m.decode(Uint8Array.from([2, 1, 1]), { maxZeroSizedElements: 1 }), 'exceeded_max_length');
  });

  it('elements that may take no input are counted as they are read, not refused by their claimed count', () => {
    // A lazy element (minSize 0) that does take input: 5,000 of them exceed no budget.
    const lazyU8 = bcs.lazy('L', () => bcs.u8);
    const many = Uint8Array.from([...uleb(5000), ...new Array<number>(5000).fill(7)]);
    expect(bcs.vector(lazyU8).decode(many)).toHaveLength(5000);
    // One that takes none: refused once the budget is spent, however long the claimed vector.
    const lazyUnit = bcs.lazy('U', () => bcs.unit);
    expectBcsError(() => bcs.vector(lazyUnit).decode(hex('ffffffff07')), 'exceeded_max_length');
    expect(bcs.vector(lazyUnit).decode(Uint8Array.from(uleb(MAX_ZERO_SIZED_ELEMENTS)))).toHaveLength(MAX_ZERO_SIZED_ELEMENTS);
  });

  it('a wrapped value shares the outer decode budget', () => {
    const s = bcs.vector(bcs.wrapped(bcs.vector(bcs.unit)));
    const one = [...uleb(2), ...uleb(3000)];
    expect(s.decode(Uint8Array.from([1, ...one]))).toEqual([new Array(3000).fill(null)]);
    expectBcsError(() => s.decode(Uint8Array.from([2, ...one, ...one])), 'exceeded_max_length');
  });

  it('a lower maxZeroSizedElements is one budget too', () => {
    const s = bcs.vector(bcs.vector(bcs.unit));
    expect(s.decode(nested(2, 2), { maxZeroSizedElements: 4 })).toHaveLength(2);
    expectBcsError(() => s.decode(nested(3, 2), { maxZeroSizedElements: 4 }), 'exceeded_max_length');
    expect(bcs.vector(bcs.unit).decode(hex('00'), { maxZeroSizedElements: 0 })).toEqual([]);
    expectBcsError(() => bcs.vector(bcs.unit).decode(hex('01'), { maxZeroSizedElements: 0 }), 'exceeded_max_length');
  });
});

describe('decode options: limits may only be lowered, and must be integers', () => {
  const bad: unknown[] = [Number.NaN, -1, 1.5, '8', Infinity, 10n, {}];
  const limits: [keyof import('../../src/bcs/index.js').DecodeOptions, number][] = [
    ['maxDepth', MAX_CONTAINER_DEPTH],
    ['maxLength', MAX_SEQUENCE_LENGTH],
    ['maxZeroSizedElements', MAX_ZERO_SIZED_ELEMENTS],
  ];
  for (const [option, max] of limits) {
    it(`${option}: NaN, negative, fractional and non-number values are refused`, () => {
      for (const v of bad) expectBcsError(() => bcs.u8.decode(hex('01'), { [option]: v } as never), 'not_supported');
    });
    it(`${option}: raising it above ${max} is refused; the maximum and lower values are accepted`, () => {
      expectBcsError(() => bcs.u8.decode(hex('01'), { [option]: max + 1 }), 'not_supported');
      expect(bcs.u8.decode(hex('01'), { [option]: max })).toBe(1);
      expect(bcs.u8.decode(hex('01'), { [option]: 0 })).toBe(1);
      expect(bcs.u8.decode(hex('01'), { [option]: undefined })).toBe(1);
    });
  }
});

describe('writer depth and recursion are restored on every exit', () => {
  const Inner = bcs.struct('Inner', { x: bcs.u8 });
  const Outer = bcs.struct('Outer', { a: Inner, b: bcs.vector(Inner), c: bcs.tuple([Inner]) });
  const good = { a: { x: 1 }, b: [{ x: 2 }], c: [{ x: 3 }] as [{ x: number }] };

  it('a failure inside nested containers leaves the writer at the depth it started', () => {
    const w = new BcsWriter();
    const failures = [
      { ...good, a: { x: 256 } },
      { ...good, b: [{ x: 2 }, { x: -1 }] },
      { ...good, c: [{ x: 'no' }] },
      { ...good, b: [{}] },
    ];
    for (const v of failures) {
      expect(() => Outer.write(w, v as never)).toThrow();
      expect(w.depth).toBe(0);
    }
    // Failing inside a map value, an enum payload within a struct, and a lazy schema.
    const m = bcs.map(bcs.u8, Inner);
    expect(() => m.write(w, new Map([[1, { x: 300 }]]))).toThrow();
    expect(w.depth).toBe(0);
    const E = bcs.struct('Holder', { e: bcs.enum('E', { A: Inner }) });
    expect(() => E.write(w, { e: { $kind: 'A', value: { x: 300 } } })).toThrow();
    expect(w.depth).toBe(0);
    // The enum on its own too (a struct around it would restore the depth by itself).
    const bare = bcs.enum('E', { A: Inner });
    expect(() => bare.write(w, { $kind: 'A', value: { x: 300 } })).toThrow();
    expect(w.depth).toBe(0);
    const L = bcs.lazy('L', () => Outer);
    expect(() => L.write(w, failures[0] as never)).toThrow();
    expect(w.depth).toBe(0);
    expect(w.recursion).toBe(0);
  });

  it('a reused writer encodes the same bytes after a failure as a fresh one', () => {
    const fresh = new BcsWriter();
    Outer.write(fresh, good);
    const reused = new BcsWriter();
    reused.depth = 3; // a caller's writer already inside three containers
    expect(() => Outer.write(reused, { ...good, a: { x: 256 } })).toThrow();
    expect(reused.depth).toBe(3);
    reused.depth = 0;
    reused.off = 0;
    Outer.write(reused, good);
    expect(reused.toBytes()).toEqual(fresh.toBytes());
  });

  it('exceeding the max depth leaves the depth unchanged too', () => {
    const w = new BcsWriter();
    w.maxDepth = 1;
    expectBcsError(() => Outer.write(w, good), 'exceeded_max_depth');
    expect(w.depth).toBe(0);
    w.maxDepth = MAX_CONTAINER_DEPTH;
    Outer.write(w, good);
    expect(w.depth).toBe(0);
  });

  it('a reader that failed inside a struct is back at its starting depth', () => {
    const r = new BcsReader(hex('01'));
    expectBcsError(() => Outer.read(r), 'unexpected_end');
    expect(r.depth).toBe(0);
  });
});
