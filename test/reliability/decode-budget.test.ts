import { describe, expect, it } from 'vitest';
import { bcs, BcsReader, decodeBudget } from '../../src/bcs/index.js';
import { rawTransaction } from '../../src/transactions/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import { uleb } from './helpers.js';

// The decode budget: what n input bytes may allocate is bounded, whatever the schema. Before it, a
// 2 MB transaction of 2M empty entry-function arguments decoded to ~400 MB in ~1.2 s.

/** A RawTransaction whose entry function has `n` empty arguments. */
function emptyArgs(n: number): Uint8Array {
  const head = [...new Array(32).fill(1), ...new Array(8).fill(0), 2, ...new Array(32).fill(1), 1, 0x61, 1, 0x62, 0, ...uleb(n)];
  const out = new Uint8Array(head.length + n + 8 * 3 + 1);
  out.set(head);
  out[out.length - 1] = 4;
  return out;
}

describe('decode budget', () => {
  it('refuses many empty entry-function arguments before allocating them', () => {
    const e = expectBcsError(() => rawTransaction.decode(emptyArgs(200_000)), 'exceeded_max_length');
    expect(e.message).toContain('decode budget exceeded');
    expect(e.path).toBe('payload.EntryFunction.args');
  });

  it('a transaction with a normal argument count decodes under the default', () => {
    expect(rawTransaction.decode(emptyArgs(1000)).payload).toMatchObject({ $kind: 'EntryFunction' });
  });

  it('maxAllocation raises or lowers it', () => {
    expect((rawTransaction.decode(emptyArgs(200_000), { maxAllocation: Infinity }).payload as { value: { args: unknown[] } }).value.args).toHaveLength(200_000);
    expectBcsError(() => rawTransaction.decode(emptyArgs(1000), { maxAllocation: 10_000 }), 'exceeded_max_length');
    expectBcsError(() => bcs.u8.decode(Uint8Array.of(1), { maxAllocation: -1 }), 'not_supported');
    expectBcsError(() => bcs.u8.decode(Uint8Array.of(1), { maxAllocation: Number.NaN }), 'not_supported');
  });

  it('counts vectors of byte strings, strings and maps in the core combinators', () => {
    const n = 100_000;
    const empties = Uint8Array.from([...uleb(n), ...new Array<number>(n).fill(0)]);
    expectBcsError(() => bcs.vector(bcs.bytes).decode(empties), 'exceeded_max_length');
    expectBcsError(() => bcs.vector(bcs.string).decode(empties), 'exceeded_max_length');
    expect(bcs.vector(bcs.u8).decode(empties)).toHaveLength(n);
    expect(bcs.vector(bcs.bool).decode(empties)).toHaveLength(n);
  });

  it('one budget per decode, shared by wrapped values', () => {
    const inner = bcs.vector(bcs.bytes);
    const s = bcs.tuple([bcs.wrapped(inner), bcs.wrapped(inner)]);
    const one = [...uleb(1002), ...uleb(1000), ...new Array<number>(1000).fill(0)];
    const input = Uint8Array.from([...one, ...one]);
    const need = s.decode(input, { maxAllocation: Infinity });
    expect(need[1]).toHaveLength(1000);
    const r = new BcsReader(input, { maxAllocation: 1e9 });
    s.read(r);
    const spent = 1e9 - r.budgetLeft;
    expect(spent).toBeGreaterThan(2 * 1000 * 184);
    expect(() => s.decode(input, { maxAllocation: spent - 1 })).toThrow(/decode budget exceeded/);
    expect(s.decode(input, { maxAllocation: spent })[0]).toHaveLength(1000);
  });

  it('the default grows with the input and stays a few hundred MB for a 64 MiB response', () => {
    expect(decodeBudget(0)).toBe(256 * 1024);
    expect(decodeBudget(1 << 20)).toBe(256 * 1024 + 16 * (1 << 20));
    expect(decodeBudget(64 << 20) / 2 ** 20).toBeCloseTo(544.25, 2);
  });

  it('a deadline in the past stops a decode once a MiB of budget is spent', () => {
    const n = 50_000;
    const input = Uint8Array.from([...uleb(n), ...new Array<number>(n).fill(0)]);
    expect(bcs.vector(bcs.bytes).decode(input, { maxAllocation: Infinity, deadline: Date.now() + 60_000 })).toHaveLength(n);
    expect(() => bcs.vector(bcs.bytes).decode(input, { maxAllocation: Infinity, deadline: Date.now() - 1 })).toThrow(/deadline/);
  });
});
