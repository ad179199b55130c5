import { BcsWriter } from '../../bcs/index.js';
import { ApiError } from '../../submission/api-error.js';
import type { Reply } from '../exchange.js';
import { queryParams, queryU16, queryU64 } from '../node-params.js';
import { accept, bcsReply, type EndpointContext } from './context.js';

// GET /transactions[?start&limit] (api/src/transactions.rs `get_transactions` and `list`, the paging
// rules of api/src/page.rs): limit defaults to DEFAULT_MAX_PAGE_SIZE (100), 0 is refused, above
// max_transactions_page_size it is capped; start defaults to the last page (ledger version − limit)
// and past the ledger version is refused. A start below the oldest retained version fails in the
// store, which the node answers as 500 (context.rs `get_transactions`). BCS:
// `Vec<TransactionOnChainData>` as stored; JSON is not rendered yet.

const DEFAULT_PAGE = 100;

export async function transactions(ctx: EndpointContext): Promise<Reply> {
  const kind = accept(ctx);
  const q = queryParams(ctx.ex.query);
  const start = queryU64(q, 'start');
  const requested = queryU16(q, 'limit') ?? DEFAULT_PAGE;
  if (requested === 0) throw new ApiError(400, 'invalid_input', `Given limit value (${requested}) must not be zero`);
  const limit = Math.min(requested, ctx.limits.maxTransactionsPageSize);
  const max = ctx.info.ledgerVersion;
  const from = start ?? (max > BigInt(limit) ? max - BigInt(limit) : 0n);
  if (from > max) throw new ApiError(400, 'invalid_input', `Given start value (${from}) is higher than the current ledger version, it must be < ${max}`);
  if (from < ctx.info.oldestLedgerVersion) throw new ApiError(500, 'internal_error', 'Failed to read raw transactions from storage');
  const span = max - from + 1n;
  const txs = await ctx.source.transactions(from, Number(span < BigInt(limit) ? span : BigInt(limit)));
  if (kind === 'bcs') {
    let size = 6;
    for (const t of txs) size += t.bytes.length;
    const w = new BcsWriter(size);
    w.uleb128(txs.length);
    for (const t of txs) w.raw(t.bytes);
    return bcsReply(w.toBytes(), ctx.headers);
  }
  // The JSON form needs the timestamp of the block holding `from` (context.rs `get_block_timestamp`),
  // which a LedgerSource cannot look up by version yet.
  throw new ApiError(500, 'internal_error', 'The JSON of the transactions listing is not rendered by this server: ask for application/x-bcs');
}
