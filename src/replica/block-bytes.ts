import { BcsReader, isBcsError } from '../bcs/index.js';
import { readBlockHeader, type BlockHeader } from '../records/index.js';
import { encodeBlock, readBlockTransactionCount } from '../records/internal.js';
import { ReplicaError } from './errors.js';

// A block as the upstream sends it (api/types/src/block.rs `BcsBlock`): a header of five fields, then
// `01 ‖ vector<TransactionOnChainData>` when asked with_transactions. The node caps the transactions
// it puts in a block at its page size (api/src/context.rs `get_block_by_height`), so a large block is
// completed from the transactions listing: its pages (`vector<TransactionOnChainData>`) are spliced
// in after the block's own transactions, as bytes, and the whole is checked when ingested.

/** The block's header (records' `BlockHeader`), and where its carried transactions are. */
export interface BlockHead extends BlockHeader {
  /** Transactions carried in the body. */
  carried: number;
  /** Offset of the first transaction's bytes. */
  txStart: number;
}

function malformed(height: bigint | undefined, why: string): ReplicaError {
  return new ReplicaError('verification_failed', `block ${height ?? '?'}: ${why}`, height, undefined, 'bytes');
}

/** The header and the count of carried transactions; nothing past them is read. */
export function readBlockHead(bytes: Uint8Array): BlockHead {
  const r = new BcsReader(bytes, { zeroCopy: true });
  let head: BlockHead | undefined;
  try {
    head = readBlockHeader(r) as BlockHead;
    const carried = readBlockTransactionCount(r) ?? 0;
    return Object.assign(head, { carried, txStart: r.off });
  } catch (e) {
    // A header cut short names no height: the reader stops before it would give one.
    if (isBcsError(e)) throw malformed(head?.blockHeight ?? partialHeight(bytes), e.message);
    throw e;
  }
}

/** The count and the offset of the elements of a listing page (`vector<TransactionOnChainData>`). */
export function readListHead(bytes: Uint8Array): { count: number; start: number } {
  try {
    const r = new BcsReader(bytes, { zeroCopy: true });
    const count = r.length(1);
    return { count, start: r.off };
  } catch (e) {
    if (isBcsError(e)) throw malformed(undefined, `transactions listing: ${e.message}`);
    throw e;
  }
}

/** The block with `pages` (listing bodies, each starting with its count) appended to its transactions. */
export function completeBlock(block: Uint8Array, head: BlockHead, pages: readonly Uint8Array[]): Uint8Array {
  if (pages.length === 0 && head.carried > 0) return block;
  let count = head.carried;
  const chunks = [block.subarray(head.txStart)];
  for (const p of pages) {
    const { count: n, start } = readListHead(p);
    count += n;
    chunks.push(p.subarray(start));
  }
  return encodeBlock(head, count, chunks);
}

/** The height a truncated header begins with, when its first eight bytes arrived. */
function partialHeight(bytes: Uint8Array): bigint | undefined {
  return bytes.length >= 8 ? new DataView(bytes.buffer, bytes.byteOffset, 8).getBigUint64(0, true) : undefined;
}
