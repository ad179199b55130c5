import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hexPairsInto, toHexRaw } from '../../src/bcs/internal.js';

// The digit-pair reader the request parser uses for 64-digit addresses (hex.ts).
describe('hexPairsInto', () => {
  it('reads 2n digits of either case at an offset, into an offset', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.boolean(), fc.nat(3), (bytes, upper, at) => {
        const digits = toHexRaw(bytes);
        const s = 'x'.repeat(at) + (upper ? digits.toUpperCase() : digits) + 'zz';
        const out = new Uint8Array(bytes.length + 2).fill(0xee);
        expect(hexPairsInto(s, at, bytes.length, out, 1)).toBe(true);
        expect(out.subarray(1, 1 + bytes.length)).toEqual(bytes);
        expect([out[0], out[bytes.length + 1]]).toEqual([0xee, 0xee]);
      }),
    );
  });
  it('refuses any character that is not a hex digit, including codes past Latin-1 whose low byte is a digit', () => {
    const digits = '0123456789abcdef'.repeat(4);
    // U+0130 and U+0161: low bytes 0x30 ('0') and 0x61 ('a').
    for (const bad of ['g', 'G', 'x', ' ', '\u0000', '/', ':', '@', '`', '\u0130', '\u0161', '\u00e0', '\ud800']) {
      for (const i of [0, 1, 31, 62, 63]) {
        const s = digits.slice(0, i) + bad + digits.slice(i + 1);
        expect(hexPairsInto(s, 0, 32, new Uint8Array(32), 0)).toBe(false);
      }
    }
  });
});
