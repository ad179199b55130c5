import { normalizeAddress } from '../../bcs/index.js';
import { hexInto } from '../../bcs/internal.js';
import { transactionSummaries as summariesSchema, type IndexedTransactionSummary } from '../../records/index.js';
import type { Reply } from '../exchange.js';
import { arg, type SpecOf } from '../params.js';
import { jsonReply } from '../responses.js';
import { accept, bcsReply, internal, type EndpointContext } from './context.js';

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
  // Written out rather than through JSON.stringify of transactionSummaryJson's objects: the same
  // text (the fields need no escaping), a third of the cost on a page of 100.
  const hashes = hashesHex(list);
  let json = '[';
  // One account's page: its sender normalized once, not once a row.
  let sender: string | undefined;
  let senderText = '';
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!.value;
    const rp = s.replayProtector;
    if (s.sender !== sender) senderText = normalizeAddress((sender = s.sender));
    json += `${i === 0 ? '' : ','}{"sender":"${senderText}","version":"${s.version}","transaction_hash":"${hashes.slice(66 * i, 66 * i + 66)}",` +
      (rp.$kind === 'SequenceNumber' ? `"replay_protector":{"type":"sequence_number","sequence_number":"${rp.value}"}}` : `"replay_protector":{"type":"nonce","nonce":"${rp.value}"}}`);
  }
  return jsonReply(200, json + ']', ctx.headers);
}

const ASCII = /* @__PURE__ */ new TextDecoder();

/** Every summary's `0x`-prefixed hash hex, 66 characters each, in one string: one decode a page, not one a hash. */
function hashesHex(list: readonly IndexedTransactionSummary[]): string {
  const out = new Uint8Array(66 * list.length);
  let j = 0;
  for (const s of list) {
    const h = s.value.transactionHash;
    if (h.length !== 32) throw internal();
    out[j] = 48; // 0
    out[j + 1] = 120; // x
    j = hexInto(h, out, j + 2);
  }
  return ASCII.decode(out);
}
