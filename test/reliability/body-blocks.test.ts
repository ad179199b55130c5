import { describe, expect, it } from 'vitest';
import { joinPieces } from '../../src/http/body.js';
import { BLOCK_BYTES, blockStore } from '../../src/http/node-blocks.js';
import { requestTextSliced } from '../../src/submission/internal.js';

// The node adapter's request bodies held in blocks of shared slabs (src/http/node-blocks.ts), not
// in one buffer each: malloc's heap kept 8 MiB buffers after an attack (issue 31).

const bytes = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);

describe('bodies held in blocks', () => {
  it('keep the bytes in order across blocks, charged in whole blocks, and give the blocks back once', () => {
    const store = blockStore();
    const a = store.body();
    const b = store.body();
    const aChunks = [bytes(10, 1), bytes(BLOCK_BYTES, 2), bytes(3 * BLOCK_BYTES + 5, 3)];
    expect(a.heldAfter(10)).toBe(BLOCK_BYTES);
    a.add(aChunks[0]!);
    b.add(bytes(100, 9)); // b's block between a's first and its next: a is two runs
    expect(a.heldAfter(BLOCK_BYTES)).toBe(2 * BLOCK_BYTES);
    a.add(aChunks[1]!);
    a.add(aChunks[2]!);
    expect(a.byteLength).toBe(4 * BLOCK_BYTES + 15);
    expect(store.lent()).toBe(6);
    const pieces = a.pieces();
    expect(pieces.length).toBe(2);
    expect(joinPieces(pieces)).toEqual(joinPieces(aChunks));
    expect(joinPieces(b.pieces())).toEqual(bytes(100, 9));
    a.free();
    a.free();
    expect(store.lent()).toBe(1);
    // Freed blocks are lent again, and hold the new body's bytes.
    const c = store.body();
    c.add(bytes(2 * BLOCK_BYTES, 7));
    expect(joinPieces(c.pieces())).toEqual(bytes(2 * BLOCK_BYTES, 7));
    expect(joinPieces(b.pieces())).toEqual(bytes(100, 9));
    b.free();
    c.free();
    expect(store.lent()).toBe(0);
    expect(a.pieces()).toEqual([]);
  });

  it("a copy is the reader's own: blocks lent again do not change it", () => {
    const store = blockStore();
    const a = store.body();
    a.add(bytes(1000, 1));
    const kept = joinPieces(a.pieces(), true);
    a.free();
    store.body().add(bytes(1000, 2));
    expect(kept).toEqual(bytes(1000, 1));
  });

  it('are decoded to text piece by piece, a character split across pieces included', async () => {
    const text = `{"a":"${'é€😀x'.repeat(300_000)}"}`;
    const whole = new TextEncoder().encode(text);
    const store = blockStore();
    const body = store.body();
    // Chunks of an odd size, so that characters straddle blocks and chunks.
    for (let at = 0; at < whole.byteLength; at += 65_531) body.add(whole.subarray(at, at + 65_531));
    expect(body.pieces().length).toBe(1); // a fresh slab lends adjacent blocks: one view
    const split = [whole.subarray(0, 7), whole.subarray(7, 1_000_001), whole.subarray(1_000_001)];
    expect(await requestTextSliced(body.pieces())).toEqual({ text, invalidAt: -1 });
    expect(await requestTextSliced(split)).toEqual({ text, invalidAt: -1 });
    // Not UTF-8 (a sequence cut at the end): marked as the whole body is.
    const cut = [whole.subarray(0, 7), whole.subarray(7, whole.byteLength - 1), Uint8Array.of(0xe2)];
    expect(await requestTextSliced(cut)).toEqual(await requestTextSliced(joinPieces(cut)));
    expect((await requestTextSliced(cut)).invalidAt).toBeGreaterThan(0);
    expect(await requestTextSliced([])).toEqual({ text: 'null', invalidAt: -1 });
  });
});
