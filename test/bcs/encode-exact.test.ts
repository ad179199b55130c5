// Results over 64 bytes of a fixed-size schema are written straight into their exact-size buffer by
// the lent scratch writer (src/bcs/schema.ts, encodeExact): the result must be its own buffer, a
// wrong size promise must fail, and a failed or nested encode must leave the next encode right.
import { describe, expect, it } from 'vitest';
import { bcs, schema, type BcsWriter } from '../../src/bcs/index.js';
import { expectBcsError } from './helpers.js';

const u64s = (n: number, from = 1n): bigint[] => Array.from({ length: n }, (_, i) => from + BigInt(i));

/** The little-endian bytes of `values` behind a one-byte length prefix (n < 128). */
function reference(values: bigint[]): Uint8Array {
  const out = new Uint8Array(1 + values.length * 8);
  out[0] = values.length;
  const view = new DataView(out.buffer);
  values.forEach((v, i) => view.setBigUint64(1 + i * 8, v, true));
  return out;
}

/** A 100-byte schema that writes `n` bytes, or throws after 10 when `n` is negative. */
const sized = (n: number) =>
  schema<number>({
    name: 'Sized',
    fixedSize: 100,
    write: (w: BcsWriter) => {
      for (let i = 0; i < Math.abs(n) && (n >= 0 || i < 10); i++) w.u8(i);
      if (n < 0) throw new Error('write failed');
    },
    read: () => 0,
  });

describe('encodeExact: a fixed-size encode over 64 bytes', () => {
  const vec = bcs.vector(bcs.u64);

  it('returns a fresh buffer of exactly the size, not shared with the next encode', () => {
    const a = vec.encode(u64s(20));
    const b = vec.encode(u64s(20, 1000n));
    expect(a).toEqual(reference(u64s(20)));
    expect(b).toEqual(reference(u64s(20, 1000n)));
    expect(a.buffer).not.toBe(b.buffer);
    expect(a.byteLength).toBe(a.buffer.byteLength);
    // Small encodes reuse the scratch writer's own buffer, never a result lent to it.
    expect(bcs.vector(bcs.u8).encode([9, 9, 9])).toEqual(Uint8Array.of(3, 9, 9, 9));
    expect(bcs.string.encode('y'.repeat(200)).length).toBe(202);
    expect(a).toEqual(reference(u64s(20)));
    expect(b).toEqual(reference(u64s(20, 1000n)));
  });

  it('fails on a broken size promise, short or long, and the next encode is right', () => {
    expectBcsError(() => sized(99).encode(0), 'invalid_length');
    expectBcsError(() => sized(101).encode(0), 'invalid_length');
    expect(sized(100).encode(0)).toEqual(Uint8Array.from({ length: 100 }, (_, i) => i));
    expect(vec.encode(u64s(9))).toEqual(reference(u64s(9)));
  });

  it('a write that throws, or that encodes another value inside, leaves later encodes intact', () => {
    expect(() => sized(-1).encode(0)).toThrow('write failed');
    // A small encode writes into the scratch writer's own buffer, which the failed encode put back.
    expect(bcs.string.encode('abc')).toEqual(Uint8Array.of(3, 97, 98, 99));
    expect(vec.encode(u64s(10))).toEqual(reference(u64s(10)));
    // The outer encode lends the scratch writer; the inner one gets its own.
    let inner: Uint8Array | undefined;
    const nesting = schema<number>({
      name: 'Nesting',
      fixedSize: 81,
      write: (w: BcsWriter) => {
        inner = vec.encode(u64s(10, 7n));
        vec.write(w, u64s(10, 5n));
      },
      read: () => 0,
    });
    expect(nesting.encode(0)).toEqual(reference(u64s(10, 5n)));
    expect(inner).toEqual(reference(u64s(10, 7n)));
    expect(bcs.string.encode('x'.repeat(100))).toEqual(Uint8Array.of(100, ...Array(100).fill(0x78)));
  });
});
