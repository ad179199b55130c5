import { BcsWriter, toHex } from '../../bcs/index.js';
import type { StoredTransaction } from '../../ledger/index.js';
import { accountResource, ApiError } from '../../records/index.js';
import { accountKey } from '../../ledger/internal.js';
import type { Reply } from '../exchange.js';
import { accept, arg, type AcceptKind, type SpecOf } from '../params.js';
import { bcsReply, jsonReply } from '../responses.js';
import { DEFAULT_PAGE_SIZE, internal, pageLimit, type EndpointContext } from './context.js';
import { joinTexts, keptTexts, storedTexts } from './transaction-json.js';

// One committed transaction, and an account's transactions (api/src/transactions.rs):
// GET /transactions/by_hash/{txn_hash} (`get_transaction_by_hash_inner`: the mempool first, then the
// DB; a replica has no mempool, so a hash it has not committed is 404 `transaction_not_found`),
// GET /transactions/wait_by_hash/{txn_hash} (`wait_transaction_by_hash`: the long poll only waits on
// a pending transaction, so without a mempool it answers at once, as by_hash), GET
// /transactions/by_version/{txn_version} (`get_transaction_by_version_inner`: 404 past the ledger
// version, 410 `version_pruned` below the oldest), GET /accounts/{address}/transactions
// (`list_ordered_txns_by_account`, context.rs `get_account_ordered_transactions`). BCS:
// `TransactionData::OnChain` (0 ‖ TransactionOnChainData) or `Vec<TransactionOnChainData>`; JSON: the
// node's transaction JSON at its block's timestamp.

type ByHash = EndpointContext<SpecOf<'transaction_by_hash'>> | EndpointContext<SpecOf<'wait_transaction_by_hash'>>;

export async function transactionByHash(ctx: ByHash): Promise<Reply> {
  const kind = accept(ctx);
  const hash = arg(ctx as EndpointContext<SpecOf<'transaction_by_hash'>>, 'txn_hash');
  const version = await ctx.source.transactionVersion(hash);
  if (version === undefined || version > ctx.info.ledgerVersion) {
    throw new ApiError(404, 'transaction_not_found', `Transaction not found by Transaction hash(${toHex(hash)})`);
  }
  return oneTransaction(ctx, kind, version);
}

export async function transactionByVersion(ctx: EndpointContext<SpecOf<'transaction_by_version'>>): Promise<Reply> {
  const kind = accept(ctx);
  const version = arg(ctx, 'txn_version');
  if (version > ctx.info.ledgerVersion) throw new ApiError(404, 'transaction_not_found', `Transaction not found by Ledger version(${version})`);
  if (version < ctx.info.oldestLedgerVersion) throw new ApiError(410, 'version_pruned', `Ledger version(${version}) has been pruned`);
  return oneTransaction(ctx, kind, version);
}

async function oneTransaction(ctx: EndpointContext, kind: AcceptKind, version: bigint): Promise<Reply> {
  if (kind === 'json') {
    // A kept text answers without a read.
    const texts = keptTexts(ctx, version, 1);
    if (texts !== undefined) return jsonReply(200, texts[0]!, ctx.headers);
  }
  const [t] = await ctx.source.transactions(version, 1);
  if (t === undefined || t.version !== version) throw new ApiError(404, 'transaction_not_found', `Transaction not found by Ledger version(${version})`);
  if (kind === 'bcs') {
    const w = new BcsWriter(t.bytes.length + 1);
    w.u8(0); // TransactionData::OnChain
    w.raw(t.bytes);
    return bcsReply(w.toBytes(), ctx.headers);
  }
  return jsonReply(200, (await storedTexts(ctx, [t]))[0]!, ctx.headers);
}

export async function accountTransactions(ctx: EndpointContext<SpecOf<'account_transactions'>>): Promise<Reply> {
  const kind = accept(ctx);
  const address = arg(ctx, 'address');
  const requestedStart = arg(ctx, 'start');
  const limit = pageLimit(arg(ctx, 'limit'), DEFAULT_PAGE_SIZE, ctx.limits.maxTransactionsPageSize);
  const latest = ctx.info.ledgerVersion;
  let start = requestedStart;
  if (start === undefined) {
    // The latest `limit`: the account's sequence number at the latest version (0 without one) − limit.
    const stored = await ctx.source.stateValue(accountKey(address), latest);
    let seq = 0n;
    if (stored !== undefined) {
      try {
        seq = accountResource.schema.decode(stored).sequenceNumber;
      } catch {
        throw internal();
      }
    }
    start = seq > BigInt(limit) ? seq - BigInt(limit) : 0n;
  }
  const txs = await ctx.source.accountTransactions(address, start, limit, latest);
  if (kind === 'bcs') return bcsReply(listBytes(txs), ctx.headers);
  return jsonReply(200, joinTexts('[', await storedTexts(ctx, txs), ']'), ctx.headers);
}

/** `uleb128 n ‖ n × TransactionOnChainData`. */
export function listBytes(txs: readonly StoredTransaction[]): Uint8Array {
  let size = 6;
  for (const t of txs) size += t.bytes.length;
  const w = new BcsWriter(size);
  w.uleb128(txs.length);
  for (const t of txs) w.raw(t.bytes);
  return w.toBytes();
}
