import { sha3_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { nodeSha3 } from '../../src/ledger/node.js';

// ledger-bcs/ledger/node's sha3-256 (one-shot crypto.hash with a latin1 digest where Node has it)
// against @noble/hashes: every byte value in the digest survives the string round trip, chunks are
// joined in order, and inputs across the 136-byte rate.
describe('nodeSha3', () => {
  it('is sha3-256 of the chunks joined, for any chunks', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 4 }), (chunks) => {
        const joined = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
        chunks.reduce((at, c) => (joined.set(c, at), at + c.length), 0);
        const d = nodeSha3(chunks);
        expect(d).toBeInstanceOf(Uint8Array);
        expect(d.length).toBe(32);
        expect(Array.from(d)).toEqual(Array.from(sha3_256(joined)));
      }),
      { numRuns: 300 },
    );
  });

  it('hashes the empty input and a subarray view (not its whole buffer)', () => {
    expect(Array.from(nodeSha3([]))).toEqual(Array.from(sha3_256(new Uint8Array(0))));
    const buf = new Uint8Array(200).map((_, i) => i);
    expect(Array.from(nodeSha3([buf.subarray(10, 150)]))).toEqual(Array.from(sha3_256(buf.subarray(10, 150))));
  });

  it('writes the digest where `into` is told, the bytes around it untouched', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(40), (input, at) => {
        const out = new Uint8Array(at + 40).fill(0xee);
        nodeSha3.into!(input, out, at);
        expect(Array.from(out.subarray(at, at + 32))).toEqual(Array.from(sha3_256(input)));
        expect(out.subarray(0, at).every((b) => b === 0xee) && out.subarray(at + 32).every((b) => b === 0xee)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('gives digests that do not share memory with each other', () => {
    const a = nodeSha3([new Uint8Array([1])]);
    const b = nodeSha3([new Uint8Array([2])]);
    expect(a.buffer).not.toBe(b.buffer);
    expect(Array.from(a)).not.toEqual(Array.from(b));
  });
});
