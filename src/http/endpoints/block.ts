import { BcsWriter } from '../../bcs/index.js';
import type { StoredTransaction } from '../../ledger/index.js';
import { BLOCK_HEADER_BYTES, blockHeaderJson, writeBlockHeader, type BlockHeader } from '../../records/index.js';
import { ApiError } from '../../records/index.js';
import type { Reply } from '../exchange.js';
import { arg, type SpecOf } from '../params.js';
import { jsonReply } from '../responses.js';
import { accept, bcsReply, type EndpointContext } from './context.js';
import type { AcceptKind } from '../media.js';
import { blockBody } from './transaction-json.js';

// GET /blocks/by_height/{block_height}[?with_transactions] (api/src/blocks.rs `get_by_height`,
// context.rs `get_block_by_height`): 410 `block_pruned` below the oldest block height, 404
// `block_not_found` above the latest or when the store has none; with transactions, at most
// min(max_block_transactions_page_size, the block's size) of them from its first version.
// BCS: api/types/src/block.rs `BcsBlock` (the transactions as stored); JSON: `Block`, whose
// `transactions` is null when not requested and otherwise the node's JSON of each (src/node-json).

const notFound = (h: bigint) => new ApiError(404, 'block_not_found', `Block not found by Block height(${h})`);

export async function blockByHeight(ctx: EndpointContext<SpecOf<'block'>>): Promise<Reply> {
  const kind = accept(ctx);
  const height = arg(ctx, 'block_height');
  const withTransactions = arg(ctx, 'with_transactions') ?? false;
  const info = ctx.info;
  if (height < info.oldestBlockHeight) throw new ApiError(410, 'block_pruned', `Block(${height}) has been pruned`);
  if (height > info.blockHeight) throw notFound(height);
  const block = await ctx.source.blockByHeight(height);
  if (block === undefined || block.firstVersion > info.ledgerVersion) throw notFound(height);
  return blockReply(ctx, kind, block, withTransactions);
}

// GET /blocks/by_version/{version} (blocks.rs `get_block_by_version`, context.rs
// `get_block_by_version`): 410 `version_pruned` below the oldest version, 404 `version_not_found`
// past the latest, 404 `block_not_found` when no block holds it; then the same answer as by height.
export async function blockByVersion(ctx: EndpointContext<SpecOf<'block_by_version'>>): Promise<Reply> {
  const kind = accept(ctx);
  const version = arg(ctx, 'version');
  const withTransactions = arg(ctx, 'with_transactions') ?? false;
  const info = ctx.info;
  if (version < info.oldestLedgerVersion) throw new ApiError(410, 'version_pruned', `Ledger version(${version}) has been pruned`);
  if (version > info.ledgerVersion) throw new ApiError(404, 'version_not_found', `Ledger version not found by Ledger version(${version})`);
  const block = await ctx.source.blockByVersion(version);
  if (block === undefined) throw new ApiError(404, 'block_not_found', `Block not found by Ledger version(${version})`);
  // context.rs `get_block`: a block ending past the ledger version is not served.
  if (block.lastVersion > info.ledgerVersion) throw notFound(block.blockHeight);
  return blockReply(ctx, kind, block, withTransactions);
}

async function blockReply(ctx: EndpointContext, kind: AcceptKind, block: BlockHeader, withTransactions: boolean): Promise<Reply> {
  let count = 0;
  if (withTransactions) {
    const size = block.lastVersion - block.firstVersion + 1n;
    const max = BigInt(ctx.limits.maxBlockTransactionsPageSize);
    count = Number(size < max ? size : max);
  }
  if (kind === 'bcs') return bcsReply(bcsBlockBytes(block, withTransactions ? await ctx.source.transactions(block.firstVersion, count) : null), ctx.headers);
  // The header's JSON as records write it, then the kept texts of its transactions (rendered now when not yet).
  const header = () => JSON.stringify(blockHeaderJson(block)).slice(0, -1);
  if (!withTransactions) return jsonReply(200, `${header()},"transactions":null}`, ctx.headers);
  return jsonReply(200, await blockBody(ctx, block, count, () => `${header()},"transactions":[`), ctx.headers);
}

/** `BcsBlock`: the header, then (with transactions) 01 ‖ uleb128 count ‖ each TransactionOnChainData. */
function bcsBlockBytes(b: BlockHeader, txs: StoredTransaction[] | null): Uint8Array {
  let size = BLOCK_HEADER_BYTES;
  if (txs !== null) for (const t of txs) size += t.bytes.length;
  const w = new BcsWriter(size + 6);
  writeBlockHeader(w, b);
  if (txs !== null) {
    w.u8(1);
    w.uleb128(txs.length);
    for (const t of txs) w.raw(t.bytes);
  }
  return w.toBytes();
}
