// The records bench workloads (bench/workloads/records.mjs) checked against src/: ours and the
// hand-written floor must decode the same inputs to the same values, and the floor must be as strict
// as the library on the malformed cases it covers. Nothing is timed here.
import { describe, expect, it } from 'vitest';
import * as records from '../../src/records/index.js';
import { recordWorkloads } from '../../bench/workloads/records.mjs';
import { decodeBlock, decodeSummaries } from '../../bench/floor/records.mjs';
import { instantiate, verify } from '../../bench/lib/verify.mjs';

const workloads = recordWorkloads(records);

describe('records bench workloads', () => {
  for (const w of workloads) {
    it(`${w.name}: ours and the floor agree`, () => {
      const { ops, pending } = instantiate(w);
      expect(Object.keys(pending)).toEqual([]);
      expect(Object.keys(ops).sort()).toEqual(['floor', 'ours']);
      const { outputs } = verify(w, ops);
      expect(outputs.ours).toBe(outputs.floor);
      expect(w.inputBytes()).toBeGreaterThan(w.name.includes('block') ? 30000 : 8000);
    });
  }
  it('the floor rejects trailing bytes, bad tags and out-of-order write sets like the library', () => {
    const { ops } = instantiate(workloads[0]);
    const block = records.bcsBlock.schema.encode(ops.ours() as records.BcsBlock);
    expect(() => decodeBlock(Uint8Array.of(...block, 0))).toThrow();
    const bad = block.slice();
    bad[64] = 2;
    expect(() => decodeBlock(bad)).toThrow();
    expect(() => records.bcsBlock.schema.decode(bad)).toThrow();
    expect(() => decodeSummaries(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x07))).toThrow();
  });
});
