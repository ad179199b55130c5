import { normalizeAddress, toHex } from '../../bcs/index.js';
import { transactionSummaries as summariesSchema, type IndexedTransactionSummary } from '../../records/index.js';
import type { Reply } from '../exchange.js';
import { accept, arg, type SpecOf } from '../params.js';
import { bcsReply, jsonReply } from '../responses.js';
import { internal, type EndpointContext } from './context.js';

// GET /accounts/{address}/transaction_summaries[?start_version&end_version&limit]
// (api/src/transactions.rs `get_accounts_transaction_summaries`, `list_txn_summaries_by_account`):
// the limit is min(limit, max_transactions_page_size), the maximum when absent (0 gives an empty
// page); the store picks the page (forward from start_version, else the latest ones ending at
// end_version), at the latest ledger version, ascending. No account check and no pruning check:
// an unknown account has an empty list.

export async function transactionSummaries(ctx: EndpointContext<SpecOf<'transaction_summaries'>>): Promise<Reply> {
  const kind = accept(ctx);
  const address = arg(ctx, 'address');
  const startVersion = arg(ctx, 'start_version');
  const endVersion = arg(ctx, 'end_version');
  const requested = arg(ctx, 'limit');
  const max = ctx.limits.maxTransactionsPageSize;
  const limit = requested === undefined ? max : Math.min(requested, max);
  const list = await ctx.source.accountTransactionSummaries(address, { startVersion, endVersion, limit, ledgerVersion: ctx.info.ledgerVersion });
  if (kind === 'bcs') return bcsReply(summariesSchema.schema.encode(list), ctx.headers);
  // Each row written out rather than through JSON.stringify of transactionSummaryJson's objects (the
  // same text: the fields need no escaping), and kept by version: a committed transaction's summary
  // never changes, so a page asked again is its rows looked up and joined.
  const rows = ctx.memo.summaryRows;
  const out: string[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!.value;
    const key = s.version <= MAX_KEPT ? Number(s.version) : -1;
    let row = key < 0 ? undefined : rows.get(key);
    if (row === undefined) {
      row = summaryRow(s);
      if (key >= 0) rows.set(key, row);
    }
    out[i] = row;
  }
  return jsonReply(200, `[${out.join(',')}]`, ctx.headers);
}

const MAX_KEPT = BigInt(Number.MAX_SAFE_INTEGER);

function summaryRow(s: IndexedTransactionSummary['value']): string {
  const rp = s.replayProtector;
  if (s.transactionHash.length !== 32) throw internal();
  return `{"sender":"${normalizeAddress(s.sender)}","version":"${s.version}","transaction_hash":"${toHex(s.transactionHash)}",` +
    (rp.$kind === 'SequenceNumber' ? `"replay_protector":{"type":"sequence_number","sequence_number":"${rp.value}"}}` : `"replay_protector":{"type":"nonce","nonce":"${rp.value}"}}`);
}
