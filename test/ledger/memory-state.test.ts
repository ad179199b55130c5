import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyBytes, keyString } from '../../src/ledger/memory-state.js';

// The memory ledger's state map key: one char per byte of the state key, built sixteen bytes a call.

describe('keyString', () => {
  it('is one char per byte, and keyBytes inverts it, at every length around the chunk size', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => {
        const s = keyString(b);
        expect(s.length).toBe(b.length);
        for (let i = 0; i < b.length; i++) expect(s.charCodeAt(i)).toBe(b[i]);
        expect(keyBytes(s)).toEqual(b);
      }),
      { numRuns: 500 },
    );
    for (let n = 0; n <= 34; n++) {
      const b = Uint8Array.from({ length: n }, (_, i) => 255 - i);
      expect(keyString(b)).toBe(String.fromCharCode(...b));
    }
  });

  it('tells keys apart that differ in one byte only', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), fc.nat(), fc.integer({ min: 1, max: 255 }), (b, at, delta) => {
        const c = b.slice();
        c[at % b.length] = (c[at % b.length]! + delta) & 255;
        expect(keyString(c)).not.toBe(keyString(b));
      }),
    );
  });
});
