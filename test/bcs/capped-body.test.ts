import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CappedBody, HeldBytes, PAST_LIMIT, readStreamCapped, REFUSED, type ByteStore } from '../../src/bcs/internal.js';

// The one capped body reader (src/bcs/capped-body.ts): the client's responses, the web handler's and
// the node:http adapter's requests all count and keep their bodies through it.

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);

describe('CappedBody', () => {
  it('takes a body of exactly its limit and refuses the chunk that passes it, keeping none of it', () => {
    const held = new HeldBytes(10);
    const body = new CappedBody(10, held);
    expect(body.add(bytes(4, 1))).toBe(0);
    expect(body.add(bytes(6, 2))).toBe(0);
    expect(body.size).toBe(10);
    expect(body.add(bytes(1, 3))).toBe(PAST_LIMIT);
    expect(body.size).toBe(10);
    expect([...held.bytes()]).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
  });

  it('a chunk its sink refuses is not counted', () => {
    const body = new CappedBody(100, { take: (c) => c.byteLength < 5 });
    expect(body.add(bytes(4))).toBe(0);
    expect(body.add(bytes(5))).toBe(REFUSED);
    expect(body.size).toBe(4);
  });

  it('any split of any body under the limit is held whole, in order; a lone chunk as it came', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 70_000 }), { minLength: 1, maxLength: 6 }), (chunks) => {
        const total = chunks.reduce((n, c) => n + c.byteLength, 0);
        const held = new HeldBytes(total);
        const body = new CappedBody(total, held);
        for (const c of chunks) expect(body.add(c)).toBe(0);
        const want = new Uint8Array(total);
        let at = 0;
        for (const c of chunks) {
          want.set(c, at);
          at += c.byteLength;
        }
        expect(held.bytes()).toEqual(want);
        if (chunks.length === 1) expect(held.bytes()).toBe(chunks[0]);
      }),
      { numRuns: 60 },
    );
  });

  it('a subclass charges every byte held before it is copied, and its refusal keeps nothing more', () => {
    const charged: number[] = [];
    const added: number[] = [];
    class Budgeted extends HeldBytes {
      protected override makeStore(): ByteStore {
        const inner = super.makeStore();
        return { ...inner, add: (c, total) => (added.push(c.byteLength), inner.add(c, total)) };
      }
      protected override charge(n: number): boolean {
        charged.push(n);
        return n <= 65_536;
      }
    }
    const held = new Budgeted(1 << 20);
    const body = new CappedBody(1 << 20, held);
    expect(body.add(bytes(1000))).toBe(0);
    expect(body.add(bytes(1000))).toBe(0);
    // The lone chunk is charged its length; at the second the store's 64 KiB, before both are copied in.
    expect(charged).toEqual([1000, 65_536]);
    expect(added).toEqual([1000, 1000]);
    expect(body.add(bytes(70_000))).toBe(REFUSED);
    expect(added).toEqual([1000, 1000]);
    expect(held.bytes().byteLength).toBe(2000);
  });
});

describe('readStreamCapped', () => {
  const stream = (chunks: Uint8Array[], cancelled: { yes: boolean }) =>
    new ReadableStream<Uint8Array>({
      pull: (c) => (chunks.length > 0 ? c.enqueue(chunks.shift()!) : c.close()),
      cancel: () => void (cancelled.yes = true),
    });
  it('reads a stream of exactly the limit; one byte more is cancelled and undefined', async () => {
    const kept = { yes: false };
    expect((await readStreamCapped(stream([bytes(3), bytes(2)], kept), 5))?.byteLength).toBe(5);
    expect(kept.yes).toBe(false);
    const cut = { yes: false };
    expect(await readStreamCapped(stream([bytes(3), bytes(3), bytes(1 << 20)], cut), 5)).toBeUndefined();
    expect(cut.yes).toBe(true);
    expect(await readStreamCapped(null, 5)).toEqual(new Uint8Array(0));
  });
});
