import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toHex } from '../../src/bcs/index.js';
import { hexSlab, quotedHex } from '../../src/bcs/internal.js';

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
  it('reads 32-bit words when the bytes start aligned and pairs when they do not: the same text at every offset', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(7), (bytes, offset) => {
        const held = new Uint8Array(bytes.length + offset);
        held.set(bytes, offset);
        const view = held.subarray(offset);
        expect(new TextDecoder().decode(quotedHex(view, bytes.length))).toBe(`"${toHex(bytes)}"`);
      }),
    );
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
  it('cuts pieces of a slab that are never handed out twice: every earlier body keeps its bytes, across slab changes', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 1500 }), { maxLength: 60 }), (messages) => {
        const slab = hexSlab();
        const bodies = messages.map((m) => quotedHex(m, m.length, slab));
        const ascii = new TextDecoder();
        messages.forEach((m, i) => expect(ascii.decode(bodies[i])).toBe(`"${toHex(m)}"`));
        // Pieces of one slab do not overlap.
        const spans = bodies.filter((b) => b.buffer === slab.quads.buffer).map((b) => [b.byteOffset, b.byteOffset + b.byteLength] as const);
        spans.sort((a, b) => a[0] - b[0]);
        for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
      }),
    );
  });
  it('gives a large body a buffer of its own, never the slab', () => {
    const slab = hexSlab();
    const small = quotedHex(new Uint8Array(10), 10, slab);
    const large = quotedHex(new Uint8Array(5000).fill(7), 5000, slab);
    expect(large.buffer).not.toBe(small.buffer);
    expect(new TextDecoder().decode(large)).toBe(`"0x${'07'.repeat(5000)}"`);
  });
});
