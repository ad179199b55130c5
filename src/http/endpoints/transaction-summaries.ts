import { transactionSummaries as summariesSchema, transactionSummaryJson } from '../../records/index.js';
import type { Reply } from '../exchange.js';
import { pathAddress, queryParams, queryU16, queryU64 } from '../node-params.js';
import { jsonReply } from '../responses.js';
import { accept, bcsReply, lookupVersion, type EndpointContext } from './context.js';

// GET /accounts/{address}/transaction_summaries[?start_version&end_version&limit]
// (api/src/transactions.rs `get_accounts_transaction_summaries`, `list_txn_summaries_by_account`):
// the limit is min(limit, max_transactions_page_size), the maximum when absent (0 gives an empty
// page); the store picks the page (forward from start_version, else the latest ones ending at
// end_version), at the latest ledger version, ascending. No account check and no pruning check:
// an unknown account has an empty list.

export async function transactionSummaries(ctx: EndpointContext): Promise<Reply> {
  const kind = accept(ctx);
  const address = pathAddress(ctx.params[0]!);
  const q = queryParams(ctx.ex.query);
  const startVersion = queryU64(q, 'start_version');
  const endVersion = queryU64(q, 'end_version');
  const requested = queryU16(q, 'limit');
  const max = ctx.limits.maxTransactionsPageSize;
  const limit = requested === undefined ? max : Math.min(requested, max);
  const ledgerVersion = lookupVersion(ctx.info, undefined);
  const list = await ctx.source.accountTransactionSummaries(address, { startVersion, endVersion, limit, ledgerVersion });
  if (kind === 'bcs') return bcsReply(summariesSchema.schema.encode(list), ctx.headers);
  return jsonReply(200, JSON.stringify(list.map(transactionSummaryJson)), ctx.headers);
}
