import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toHex } from '../../src/bcs/index.js';
import { quotedHex } from '../../src/bcs/internal.js';

// The encode_submission body: `"0x…"` as ASCII, written two digit pairs a store (hex.ts).
describe('quotedHex', () => {
  it('is the JSON string of toHex, for every length from 0 (odd lengths end with one pair)', () => {
    const ascii = new TextDecoder();
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 89 + n) & 255);
      const body = quotedHex(bytes, n);
      expect(body.length).toBe(2 * n + 4);
      expect(ascii.decode(body)).toBe(JSON.stringify(toHex(bytes)));
    }
  });
  it('reads only bytes[0..n) of a larger array', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(10), (bytes, extra) => {
        const held = new Uint8Array(bytes.length + extra).fill(0xab);
        held.set(bytes);
        expect(new TextDecoder().decode(quotedHex(held, bytes.length))).toBe(`"${toHex(bytes)}"`);
      }),
    );
  });
});
