import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BcsReader, BcsWriter, isBcsError } from '../../src/bcs/index.js';
import { blockHeader } from '../../src/records/block.js';
import { BLOCK_HEADER_BYTES, bcsBlock, blockHeaderJson, readBlockHeader, writeBlockHeader, type BlockHeader } from '../../src/records/index.js';
import { encodeBlock, readBlockTransactionCount } from '../../src/records/internal.js';
import { loadMemoryLedger } from '../../src/ledger/index.js';

// The block header's hand-specialised reader and writer (the hot paths: ingest, the replica, the block
// endpoint) against its declaration's general schema: the same bytes, the same values, the same
// refusals; and its JSON, written once, with the node's field names in the node's order.

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const header: fc.Arbitrary<BlockHeader> = fc.record({
  blockHeight: u64,
  blockHash: fc.uint8Array({ minLength: 32, maxLength: 32 }),
  blockTimestamp: u64,
  firstVersion: u64,
  lastVersion: u64,
});

function written(h: BlockHeader): Uint8Array {
  const w = new BcsWriter(8);
  writeBlockHeader(w, h);
  return w.toBytes();
}

describe('the block header', () => {
  it('writes and reads as its declaration does', () => {
    fc.assert(
      fc.property(header, fc.uint8Array({ maxLength: 8 }), (h, tail) => {
        const bytes = written(h);
        expect(bytes).toEqual(blockHeader.schema.encode(h));
        expect(bytes.length).toBe(BLOCK_HEADER_BYTES);
        const r = new BcsReader(new Uint8Array([...bytes, ...tail]));
        expect(readBlockHeader(r)).toEqual(blockHeader.schema.decode(bytes));
        expect(r.off).toBe(BLOCK_HEADER_BYTES);
      }),
    );
  });

  it('refuses what the declaration refuses: a short header, a hash not of 32 bytes, a u64 out of range', () => {
    const h: BlockHeader = { blockHeight: 7n, blockHash: new Uint8Array(32).fill(1), blockTimestamp: 9n, firstVersion: 10n, lastVersion: 12n };
    const bytes = written(h);
    for (let n = 0; n < BLOCK_HEADER_BYTES; n += 7) {
      expect(() => readBlockHeader(new BcsReader(bytes.subarray(0, n)))).toThrow(expect.objectContaining({ code: 'unexpected_end' }));
      expect(() => blockHeader.schema.decode(bytes.subarray(0, n))).toThrow(expect.objectContaining({ code: 'unexpected_end' }));
    }
    for (const bad of [{ ...h, blockHash: new Uint8Array(31) }, { ...h, lastVersion: 1n << 64n }]) {
      let ours: unknown, theirs: unknown;
      try {
        written(bad);
      } catch (e) {
        ours = e;
      }
      try {
        blockHeader.schema.encode(bad);
      } catch (e) {
        theirs = e;
      }
      expect(isBcsError(ours) && isBcsError(theirs)).toBe(true);
    }
  });

  it('has one JSON, in the node’s order (api/types/src/block.rs `Block`)', () => {
    const h: BlockHeader = { blockHeight: 7n, blockHash: new Uint8Array(32).fill(0xab), blockTimestamp: 1_700_000_000_000_000n, firstVersion: 10n, lastVersion: 12n };
    expect(JSON.stringify(blockHeaderJson(h))).toBe(
      `{"block_height":"7","block_hash":"0x${'ab'.repeat(32)}","block_timestamp":"1700000000000000","first_version":"10","last_version":"12"}`,
    );
  });
});

// The transactions' framing after the header (`01`, uleb128 count, the records; nothing when none),
// which the ledger file, the block endpoint and the replica write and read with these two, against
// the `bcsBlock` declaration, on the example ledger's real records.
describe("the block's transactions framing", () => {
  const ledger = loadMemoryLedger(new Uint8Array(readFileSync('fixtures/example-ledger.bin')));
  const records = ledger.transactions(0n, 40).map((t) => t.bytes);
  const concat = (parts: Uint8Array[]) => new Uint8Array(parts.flatMap((p) => [...p]));

  it('encodeBlock writes what the declaration writes, split into any chunks, sized exactly', () => {
    fc.assert(
      fc.property(header, fc.integer({ min: 0, max: records.length }), fc.integer({ min: 0, max: 40 }), (h, n, cut) => {
        const txs = records.slice(0, n);
        const expected = bcsBlock.schema.encode({ ...h, transactions: txs.map((t) => bcsBlock.schema.decode(concat([written(h), new Uint8Array([1, 1]), t])).transactions![0]!) });
        const body = concat(txs);
        const at = Math.min(cut, body.length);
        const ours = encodeBlock(h, n, [body.subarray(0, at), body.subarray(at)]);
        expect(ours).toEqual(expected);
        expect(ours.buffer.byteLength).toBe(ours.length);
      }),
      { numRuns: 25 },
    );
    const h: BlockHeader = { blockHeight: 7n, blockHash: new Uint8Array(32).fill(1), blockTimestamp: 9n, firstVersion: 10n, lastVersion: 12n };
    expect(encodeBlock(h, null)).toEqual(bcsBlock.schema.encode({ ...h, transactions: null }));
    // Before its transactions (the endpoint keeps these bytes): header, 01, count, nothing more.
    expect(encodeBlock(h, 3)).toEqual(concat([written(h), new Uint8Array([1, 3])]));
    expect(encodeBlock(h, 300)).toEqual(concat([written(h), new Uint8Array([1, 0xac, 0x02])]));
  });

  it('readBlockTransactionCount reads the count, null at the end, and refuses any tag but 01 as the declaration does', () => {
    const h = written({ blockHeight: 7n, blockHash: new Uint8Array(32), blockTimestamp: 9n, firstVersion: 10n, lastVersion: 12n });
    const after = (tail: number[]) => {
      const r = new BcsReader(concat([h, new Uint8Array(tail)]), { zeroCopy: true });
      readBlockHeader(r);
      return { n: readBlockTransactionCount(r), off: r.off };
    };
    expect(after([])).toEqual({ n: null, off: BLOCK_HEADER_BYTES });
    expect(after([1, 0xac, 0x02, ...new Array(300).fill(0)])).toEqual({ n: 300, off: BLOCK_HEADER_BYTES + 3 });
    for (const tag of [0, 2, 0xff]) {
      expect(() => after([tag, 0])).toThrow(expect.objectContaining({ code: 'expected_option', offset: BLOCK_HEADER_BYTES }));
      expect(() => bcsBlock.schema.decode(concat([h, new Uint8Array([tag, 0])]))).toThrow(expect.objectContaining({ code: 'expected_option', offset: BLOCK_HEADER_BYTES }));
    }
    // A count the input cannot hold is refused before anything is allocated for it.
    expect(() => after([1, 0xac, 0x02])).toThrow(expect.objectContaining({ code: 'unexpected_end' }));
  });
});
