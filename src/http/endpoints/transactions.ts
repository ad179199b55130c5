import { BcsWriter } from '../../bcs/index.js';
import { ApiError, type BlockHeader } from '../../records/index.js';
import { bcsReply, jsonReply } from '../responses.js';
import { blockTexts, joinTexts, keptTexts } from './transaction-json.js';
import type { Reply } from '../exchange.js';
import { accept, arg, type SpecOf } from '../params.js';
import { DEFAULT_PAGE_SIZE, pageLimit, type EndpointContext } from './context.js';

// GET /transactions[?start&limit] (api/src/transactions.rs `get_transactions` and `list`, the paging
// rules of api/src/page.rs `determine_limit` and `compute_start`): limit defaults to
// DEFAULT_PAGE_SIZE (25), 0 is refused, above max_transactions_page_size it is capped; start defaults
// to the last page, ending at the ledger version (ledger version − (limit − 1)); past the ledger
// version it is refused. A start below the oldest retained version fails in the
// store, which the node answers as 500 (context.rs `get_transactions`). BCS:
// `Vec<TransactionOnChainData>` as stored; JSON: the node's JSON of each (src/node-json).

export async function transactions(ctx: EndpointContext<SpecOf<'transactions'>>): Promise<Reply> {
  const kind = accept(ctx);
  const start = arg(ctx, 'start');
  const limit = pageLimit(arg(ctx, 'limit'), DEFAULT_PAGE_SIZE, ctx.limits.maxTransactionsPageSize);
  const max = ctx.info.ledgerVersion;
  const from = start ?? (max >= BigInt(limit) ? max - BigInt(limit - 1) : 0n);
  if (from > max) throw new ApiError(400, 'invalid_input', `Given start value (${from}) is higher than the current ledger version, it must be < ${max}`);
  if (from < ctx.info.oldestLedgerVersion) throw new ApiError(500, 'internal_error', 'Failed to read raw transactions from storage');
  const span = max - from + 1n;
  const count = Number(span < BigInt(limit) ? span : BigInt(limit));
  if (kind === 'json') {
    // All kept: no read, no block search.
    const texts = keptTexts(ctx, from, count);
    if (texts !== undefined) return jsonReply(200, joinTexts('[', texts, ']'), ctx.headers);
  }
  const txs = await ctx.source.transactions(from, count);
  if (kind === 'bcs') {
    let size = 6;
    for (const t of txs) size += t.bytes.length;
    const w = new BcsWriter(size);
    w.uleb128(txs.length);
    for (const t of txs) w.raw(t.bytes);
    return bcsReply(w.toBytes(), ctx.headers);
  }
  // JSON: each block's part rendered with that block's timestamp, as render_transactions_sequential
  // starts from the timestamp of the block holding `from` (context.rs `get_block_timestamp`) and
  // takes each following block's from its metadata transaction.
  const parts: Uint8Array[][] = [];
  let block = await blockHolding(ctx, from);
  for (let i = 0; i < txs.length && block !== undefined; ) {
    const n = Math.min(txs.length - i, Number(block.lastVersion - txs[i]!.version) + 1);
    parts.push(await blockTexts(ctx, block, txs[i]!.version, n, txs.slice(i, i + n)));
    i += n;
    if (i < txs.length) block = await ctx.source.blockByHeight(block.blockHeight + 1n);
  }
  return jsonReply(200, joinTexts('[', parts.flat(), ']'), ctx.headers);
}

/** The retained block whose versions include `version` (a binary search over heights). */
async function blockHolding(ctx: EndpointContext, version: bigint): Promise<BlockHeader | undefined> {
  let lo = ctx.info.oldestBlockHeight;
  let hi = ctx.info.blockHeight;
  while (lo <= hi) {
    const mid = (lo + hi) / 2n;
    const b = await ctx.source.blockByHeight(mid);
    if (b === undefined) return undefined;
    if (version < b.firstVersion) hi = mid - 1n;
    else if (version > b.lastVersion) lo = mid + 1n;
    else return b;
  }
  return undefined;
}
