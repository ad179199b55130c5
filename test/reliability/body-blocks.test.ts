import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { joinPieces } from '../../src/http/body.js';
import { TOO_LARGE } from '../../src/http/exchange.js';
import { BLOCK_BYTES, blockStore } from '../../src/http/nodejs/blocks.js';
import { bodyBudget, type BudgetOwner } from '../../src/http/nodejs/budget.js';
import { NodeExchange } from '../../src/http/nodejs/exchange.js';
import { requestTextSliced } from '../../src/submission/internal.js';

// The node adapter's request bodies held in blocks of shared slabs (src/http/nodejs/blocks.ts), not
// in one buffer each: malloc's heap kept 8 MiB buffers after an attack (issue 31).

// A budget holder's owner that only counts its shedding.
const owner = (shed: () => unknown): BudgetOwner => ({ shedByBudget: () => void shed() });

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

  it('let their slabs go when none of their blocks is lent; a quiet one keeps its first if little of it was written', () => {
    const store = blockStore();
    const a = store.body();
    a.add(bytes(1000, 1));
    store.trim();
    expect(store.slabs()).toBe(1); // a block is lent
    a.free();
    store.trim(true);
    expect(store.slabs()).toBe(1); // 16 KiB of it written
    store.trim();
    expect(store.slabs()).toBe(0);
    const big = store.body();
    const chunk = new Uint8Array(65_536);
    for (let i = 0; i < 65; i++) big.add(chunk); // 4 MiB + 64 KiB written
    big.free();
    store.trim(true);
    expect(store.slabs()).toBe(0);
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

/** A request as readIncoming sees it: events, headers, its socket's state, `complete`. */
function fakeRequest(length: number) {
  const req = Object.assign(new EventEmitter(), {
    url: '/v1/transactions/encode_submission',
    headers: { 'content-length': String(length) } as Record<string, string>,
    socket: { destroyed: false },
    complete: false,
    resume() {},
  });
  return req;
}

describe('a node exchange holding its body in blocks', () => {
  const setup = (limit = 1 << 20) => {
    const store = blockStore();
    const budget = bodyBudget(limit);
    const req = fakeRequest(300_000);
    const ex = new NodeExchange(req as unknown as IncomingMessage, 'POST', budget, store);
    return { store, budget, req, ex };
  };

  it('lends blocks from the second chunk, charges them, and gives them back with the reply', async () => {
    const { store, budget, req, ex } = setup();
    const read = ex.readBodyPieces(8 << 20);
    req.emit('data', bytes(100, 1));
    expect(store.lent()).toBe(0); // one chunk: kept as it came
    expect(budget.used()).toBe(100);
    req.emit('data', bytes(65_536, 2));
    req.emit('data', bytes(50_000, 3));
    expect(budget.used()).toBe(store.lent() * BLOCK_BYTES);
    req.complete = true;
    req.emit('end');
    const pieces = await read;
    expect(pieces === TOO_LARGE ? undefined : joinPieces(pieces)).toEqual(joinPieces([bytes(100, 1), bytes(65_536, 2), bytes(50_000, 3)]));
    ex.release();
    expect(store.lent()).toBe(0);
    expect(budget.used()).toBe(0);
  });

  it('a second read of the body gets the first read\'s pieces, and the first loses nothing', async () => {
    const { budget, req, ex } = setup();
    const first = ex.readBodyPieces(8 << 20);
    req.emit('data', bytes(20_000, 1));
    req.emit('data', bytes(20_000, 2));
    const second = ex.readBodyPieces(8 << 20);
    req.emit('data', bytes(20_000, 3));
    req.complete = true;
    req.emit('end');
    const whole = joinPieces([bytes(20_000, 1), bytes(20_000, 2), bytes(20_000, 3)]);
    const a = await first;
    const b = await second;
    expect([a === TOO_LARGE ? undefined : joinPieces(a), b === TOO_LARGE ? undefined : joinPieces(b)]).toEqual([whole, whole]);
    expect(budget.used()).toBeGreaterThanOrEqual(60_000);
    ex.release();
    expect(budget.used()).toBe(0);
  });

  it('gives the blocks back at once when the peer goes, the body passes its limit, or the budget sheds it', async () => {
    const gone = setup();
    const read = gone.ex.readBodyPieces(8 << 20);
    gone.req.emit('data', bytes(40_000, 1));
    gone.req.emit('data', bytes(40_000, 1));
    expect(gone.store.lent()).toBeGreaterThan(0);
    gone.req.emit('close');
    await expect(read).rejects.toThrow('closed the connection');
    expect([gone.store.lent(), gone.budget.used()]).toEqual([0, 0]);

    const large = setup();
    const tooLarge = large.ex.readBodyPieces(100_000);
    large.req.emit('data', bytes(60_000, 1));
    large.req.emit('data', bytes(60_000, 1));
    expect(await tooLarge).toBe(TOO_LARGE);
    expect([large.store.lent(), large.budget.used()]).toEqual([0, 0]);

    // A 200 KB claimant beside a 300 KB holder in a 400 KB budget: the holder is shed (503).
    const shed = setup(400_000);
    const held = shed.ex.readBodyPieces(8 << 20);
    shed.req.emit('data', bytes(150_000, 1));
    shed.req.emit('data', bytes(150_000, 1));
    const claimant = shed.budget.hold(owner(() => {}));
    expect(claimant.grow(200_000)).toBe(true);
    await expect(held).rejects.toThrow('server busy');
    expect(shed.store.lent()).toBe(0);
    expect(shed.ex.cut).toBe(true);
  });

  it('shed after it was read (waiting for its parse), keeps its blocks until the reply, and answers 503 as abandoned', async () => {
    const { store, budget, req, ex } = setup(400_000);
    const read = ex.readBodyPieces(8 << 20);
    req.emit('data', bytes(150_000, 1));
    req.emit('data', bytes(150_000, 2));
    req.complete = true;
    req.emit('end');
    const pieces = await read;
    const lent = store.lent();
    expect(budget.hold(owner(() => {})).grow(200_000)).toBe(true);
    expect(ex.abandoned()?.message).toMatch(/^server busy/);
    // The parse may still be reading the pieces: they stay as they were.
    expect(store.lent()).toBe(lent);
    store.body().add(bytes(BLOCK_BYTES * 4, 9));
    expect(pieces === TOO_LARGE ? undefined : joinPieces(pieces)).toEqual(joinPieces([bytes(150_000, 1), bytes(150_000, 2)]));
    ex.release();
    expect(store.lent()).toBe(4);
  });
});
