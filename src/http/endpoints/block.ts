import type { StoredTransaction } from '../../ledger/index.js';
import { ApiError, blockHeaderJson, type BlockHeader } from '../../records/index.js';
import { encodeBlock } from '../../records/internal.js';
import type { Reply } from '../exchange.js';
import { accept, arg, type AcceptKind, type SpecOf } from '../params.js';
import { bcsReply, jsonReply } from '../responses.js';
import type { EndpointContext } from './context.js';
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
  // A committed block never changes: its header's answers are written once and kept beside the
  // stored header (a source that answers a new object each time just writes them again).
  let forms = ctx.memo.blockHeads.get(block);
  if (forms === undefined) ctx.memo.blockHeads.set(block, (forms = {}));
  if (kind === 'bcs') {
    // Without transactions the node leaves the field out (no `00`): the header alone.
    if (!withTransactions) return bcsReply((forms.bcs ??= encodeBlock(block, null)), ctx.headers);
    const txs = await ctx.source.transactions(block.firstVersion, count);
    // The bytes before the transactions (header, `01`, count) kept too: no BCS writer runs per request.
    if (forms.bcsBefore?.count !== txs.length) forms.bcsBefore = { count: txs.length, bytes: encodeBlock(block, txs.length) };
    return bcsReply(joined(forms.bcsBefore.bytes, txs), ctx.headers);
  }
  // The header's JSON as records write it, then the kept texts of its transactions (rendered now when not yet).
  const header = (forms.json ??= JSON.stringify(blockHeaderJson(block)).slice(0, -1));
  if (!withTransactions) return jsonReply(200, `${header},"transactions":null}`, ctx.headers);
  return jsonReply(200, await blockBody(ctx, block, count, () => `${header},"transactions":[`), ctx.headers);
}

/** `head` and each stored transaction's bytes, in one array. */
function joined(head: Uint8Array, txs: StoredTransaction[]): Uint8Array {
  let size = head.length;
  for (const t of txs) size += t.bytes.length;
  const out = new Uint8Array(size);
  out.set(head, 0);
  let at = head.length;
  for (const t of txs) {
    out.set(t.bytes, at);
    at += t.bytes.length;
  }
  return out;
}
