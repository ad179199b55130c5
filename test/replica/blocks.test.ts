import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { completeBlock, readBlockHead, readListHead } from '../../src/replica/block-bytes.js';
import { diagnoseBlock } from '../../src/replica/diagnose.js';
import { isReplicaError, type ReplicaError } from '../../src/replica/index.js';
import { blockBytes, exampleLedger } from './helpers.js';

// The replica's reading of blocks and listing pages, and the names it gives to what is wrong.

const full = exampleLedger();
const H = 42;
const block = await blockBytes(full, H);
const head = readBlockHead(block);
const first = full.blockByHeight(BigInt(H))!.firstVersion;

function refusal(f: () => unknown): ReplicaError {
  try {
    f();
  } catch (e) {
    if (isReplicaError(e)) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('block bytes', () => {
  it('reads the header and the carried transactions', () => {
    expect(head).toMatchObject({ blockHeight: BigInt(H), firstVersion: first, carried: Number(head.lastVersion - first) + 1 });
  });

  it('completes a block from listing pages to the same bytes', () => {
    const txs = full.transactions(first, head.carried);
    const page = (from: number, to: number) => {
      const n = to - from;
      const body = txs.slice(from, to).map((t) => t.bytes);
      const out = new Uint8Array(1 + body.reduce((a, b) => a + b.length, 0));
      out[0] = n;
      let o = 1;
      for (const b of body) (out.set(b, o), (o += b.length));
      return out;
    };
    const carried = 2;
    const headerOnly = block.slice(0, 64);
    const partial = new Uint8Array([...headerOnly, 1, carried, ...txs.slice(0, carried).flatMap((t) => [...t.bytes])]);
    const done = completeBlock(partial, readBlockHead(partial), [page(carried, 3), page(3, txs.length)]);
    expect(Buffer.from(done).equals(Buffer.from(block))).toBe(true);
    expect(Buffer.from(completeBlock(headerOnly, readBlockHead(headerOnly), [page(0, txs.length)])).equals(Buffer.from(block))).toBe(true);
  });

  it('refuses truncated or garbled headers and pages with a typed error, never a crash', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (bytes) => {
        try {
          readBlockHead(bytes);
        } catch (e) {
          expect(isReplicaError(e) && e.field === 'bytes').toBe(true);
        }
        try {
          readListHead(bytes);
        } catch (e) {
          expect(isReplicaError(e) && e.field === 'bytes').toBe(true);
        }
      }),
    );
    expect(refusal(() => readBlockHead(block.subarray(0, 30))).field).toBe('bytes');
    const wrongTag = block.slice();
    wrongTag[64] = 0;
    expect(refusal(() => readBlockHead(wrongTag)).message).toMatch(/^block 42: expected 01/);
  });
});

describe('diagnoseBlock names the block, version and field', () => {
  const diagnose = (b: Uint8Array, height = BigInt(H), version = first) => diagnoseBlock(b, height, version, 'refused');
  it('height, first version, extent', () => {
    expect(diagnose(block, 41n)).toMatchObject({ field: 'block_height', block: 41n });
    expect(diagnose(block, BigInt(H), first + 1n)).toMatchObject({ field: 'first_version', block: BigInt(H), version: first });
    const short = block.slice();
    short[64 + 1] = head.carried - 1; // one transaction fewer than the versions say
    expect(diagnose(short)).toMatchObject({ field: 'last_version', block: BigInt(H) });
  });
  it("a transaction's version, its hash, its bytes", () => {
    const v = block.slice();
    v[head.txStart] ^= 1;
    expect(diagnose(v)).toMatchObject({ field: 'version', version: first });
    const h = block.slice();
    h[head.txStart + 8 + 10] ^= 0x40;
    expect(diagnose(h)).toMatchObject({ field: 'transaction_hash', version: first, code: 'verification_failed' });
    const cut = block.slice(0, block.length - 3);
    expect(diagnose(cut)).toMatchObject({ field: 'bytes', block: BigInt(H) });
    expect(diagnose(block).field).toBe('bytes'); // nothing found: the ledger's reason stands
  });
  it('the first fault, however malformed the bytes after it', () => {
    // A wrong version in a transaction that is also cut short: its version is named, as the ledger checks it first.
    const v = block.slice(0, head.txStart + 40);
    v[head.txStart] ^= 1;
    expect(diagnose(v)).toMatchObject({ field: 'version', version: first });
  });
});
