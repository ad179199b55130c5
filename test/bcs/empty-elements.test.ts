import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bcs, BcsReader } from '../../src/bcs/index.js';
import { typeTag, type TypeTag } from '../../src/move/index.js';
import { entryFunction } from '../../src/transactions/index.js';

// Many empty elements (the fuzz harness's `elements` family: a real length site given 0.5 M zero
// bytes) must cost each element its value and nothing more. Speed is measured in fuzz/ and bench/;
// here the shape is pinned by a deterministic metric: how many BcsReader methods a decode calls.
// A decode that goes through the general path (uleb128, length checks, raw) for every element
// calls four or five per element.

const N = 1 << 19;
const METHODS = ['u8', 'uleb128', 'length', 'count', 'element', 'charge', 'raw', 'bytes', 'string', 'enter', 'leave', 'zeroSized'] as const;
let calls = 0;
const saved = new Map<string, unknown>();
const proto = BcsReader.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;

beforeEach(() => {
  calls = 0;
  for (const m of METHODS) {
    const f = proto[m]!;
    saved.set(m, f);
    proto[m] = function (this: unknown, ...a: unknown[]) {
      calls++;
      return f.apply(this, a);
    };
  }
});
afterEach(() => {
  for (const m of METHODS) proto[m] = saved.get(m) as (...a: unknown[]) => unknown;
});

/** uleb(n) ‖ n zero bytes ‖ `tail`. */
function zeros(n: number, tail: number[] = []): Uint8Array {
  const len: number[] = [];
  for (let v = n; ; v >>>= 7) {
    if (v < 0x80) {
      len.push(v);
      break;
    }
    len.push((v & 0x7f) | 0x80);
  }
  const out = new Uint8Array(len.length + n + tail.length);
  out.set(len);
  out.set(tail, len.length + n);
  return out;
}

describe('half a million empty elements: the value, no per-element reader work', () => {
  it('primitive type tags are the shared frozen tags, read without a reader call each', () => {
    const tags = bcs.vector(typeTag).decode(zeros(N), { maxAllocation: Infinity }) as TypeTag[];
    expect(tags.length).toBe(N);
    expect(tags[0]).toEqual({ $kind: 'bool' });
    expect(tags[N - 1]).toBe(tags[0]);
    // The vector's length and budget: a handful of calls for the whole decode, not one per tag.
    expect(calls).toBeLessThan(N / 1000);
  });

  it("an entry function's type arguments and empty arguments: one budget charge per argument", () => {
    const head = entryFunction.encode({ module: { address: '0x1', name: 'm' }, function: 'f', typeArgs: [], args: [] });
    // The encoded function ends with uleb(0) typeArgs and uleb(0) args: replace both.
    const tags = zeros(N);
    const args = zeros(N);
    const input = new Uint8Array(head.length - 2 + tags.length + args.length);
    input.set(head.subarray(0, head.length - 2));
    input.set(tags, head.length - 2);
    input.set(args, head.length - 2 + tags.length);
    const f = entryFunction.decode(input, { maxAllocation: Infinity });
    expect(f.typeArgs.length).toBe(N);
    expect(f.args.length).toBe(N);
    expect(f.args[0]).toEqual(new Uint8Array(0));
    expect(f.args[0]).not.toBe(f.args[1]);
    // bytes() and its charge per argument; none per type tag.
    expect(calls).toBeLessThan(2 * N + 100);
    expect(calls).toBeGreaterThanOrEqual(2 * N);
  });

  it('empty vectors: their array and one charge each', () => {
    const out = bcs.vector(bcs.vector(bcs.u64)).decode(zeros(N), { maxAllocation: Infinity });
    expect(out.length).toBe(N);
    expect(out[0]).toEqual([]);
    expect(out[0]).not.toBe(out[1]);
    expect(calls).toBeLessThan(N + 100);
  });

  it('the fast paths keep the strict checks: a non-canonical or short length still fails', () => {
    // 0x80 0x00 is a non-minimal ULEB128 zero: not an empty vector.
    expect(() => bcs.vector(bcs.vector(bcs.u64)).decode(Uint8Array.from([1, 0x80, 0x00]))).toThrow(/not minimal/);
    expect(() => bcs.vector(bcs.bytes).decode(Uint8Array.from([1, 0x80, 0x00]))).toThrow(/not minimal/);
    // A type tag index past the enum is refused, the fast table only holds primitives.
    expect(() => typeTag.decode(Uint8Array.from([18]))).toThrow(/invalid value/);
    // The budget is still charged per element: 0.5 M empty byte strings exceed a small one.
    expect(() => bcs.vector(bcs.bytes).decode(zeros(N), { maxAllocation: 1 << 20 })).toThrow(/decode budget exceeded/);
  });
});
