// The bench's workload registry, checked against src/ (not dist/): every implementation of every
// workload (ours, the peers, the hand-written floor) must produce the same bytes, or equivalent
// decoded values. Nothing is timed here; speed belongs to `npm run bench`.
import { describe, expect, it } from 'vitest';
import * as bcs from '../../src/bcs/index.js';
import * as move from '../../src/move/index.js';
import * as transactions from '../../src/transactions/index.js';
import * as records from '../../src/records/index.js';
import * as submission from '../../src/submission/index.js';
import * as nodeJson from '../../src/node-json/index.js';
import { createWorkloads } from '../../bench/workloads/index.mjs';
import { instantiate, verify } from '../../bench/lib/verify.mjs';

// What bench/entries/ours-whole.mjs gathers from dist/: every layer's entry point.
const ours = { ...bcs, ...move, ...transactions, ...records, ...submission, ...nodeJson };
const workloads = createWorkloads(ours);

describe('bench workload registry', () => {
  it('covers the workloads of issue 5', () => {
    const names = workloads.map((w) => w.name);
    for (const n of [
      'transfer/encode',
      'transfer/decode',
      'transfer/signing-message',
      'heavy/encode',
      'heavy/decode',
      'type-tag/coinstore',
      'type-tag/nested3',
      'uleb128-1e5/encode',
      'uleb128-1e5/decode',
      'u64-1e5/encode',
      'u64-1e5/decode',
      'u64-small-1e5/encode',
      'u256-1e4/encode',
      'u256-1e4/decode',
    ]) {
      expect(names).toContain(n);
    }
  });

  for (const w of workloads) {
    it(`${w.name}: all implementations agree`, () => {
      const { ops, pending } = instantiate(w);
      // The floor and at least one peer always run; ours runs unless its layer has not landed.
      expect(Object.keys(ops)).toContain('floor');
      expect(Object.keys(ops).length).toBeGreaterThanOrEqual(2);
      expect(Object.keys(pending).filter((impl) => impl !== 'ours')).toEqual([]);
      verify(w, ops);
    });
  }

  it('rejects an implementation whose output differs by one byte', () => {
    const w = workloads.find((x) => x.name === 'transfer/encode')!;
    const { ops } = instantiate(w);
    const floor = ops.floor as () => Uint8Array;
    const broken = () => {
      const b = floor().slice();
      b[b.length - 1] ^= 1;
      return b;
    };
    expect(() => verify(w, { ...ops, floor: broken })).toThrow(/disagree/);
  });

  it('rejects a decoder whose value differs', () => {
    const w = workloads.find((x) => x.name === 'u64-1e5/decode')!;
    const { ops } = instantiate(w);
    const floor = ops.floor as () => bigint[];
    const broken = () => {
      const v = floor().slice();
      v[500] += 1n;
      return v;
    };
    expect(() => verify(w, { ...ops, floor: broken })).toThrow(/disagree/);
  });
});
