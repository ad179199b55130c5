import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BcsReader, BcsWriter, isBcsError } from '../../src/bcs/index.js';
import { blockHeader } from '../../src/records/block.js';
import { BLOCK_HEADER_BYTES, blockHeaderJson, readBlockHeader, writeBlockHeader, type BlockHeader } from '../../src/records/index.js';

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
