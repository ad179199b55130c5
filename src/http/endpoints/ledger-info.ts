import { indexResponseBcs, type IndexResponseJson } from '../../records/internal.js';
import type { Reply } from '../exchange.js';
import { bcsReply, jsonReply } from '../responses.js';
import type { LedgerSummary } from '../../ledger/index.js';
import { accept, type RouteArgs } from '../params.js';

// GET /v1 (api/src/index.rs `get_ledger_info`, api/types/src/index.rs `IndexResponse`): the latest
// ledger info, as the headers carry it. JSON: `chain_id` a number, the rest U64 strings, `node_role`
// "full_node" (a replica is not a validator), no `git_hash` (the node omits it when it has none).
// BCS: `IndexResponseBcs`, whose U64 fields serialize as strings. Both forms are records' declarations.

export function ledgerInfo(ctx: RouteArgs & { readonly info: LedgerSummary; readonly headers: Record<string, string> }): Reply {
  const i = ctx.info;
  if (accept(ctx) === 'bcs') {
    return bcsReply(
      indexResponseBcs.schema.encode({
        chainId: i.chainId,
        epoch: String(i.epoch),
        ledgerVersion: String(i.ledgerVersion),
        oldestLedgerVersion: String(i.oldestLedgerVersion),
        ledgerTimestamp: String(i.ledgerTimestampUsec),
        nodeRole: 1, // RoleType::FullNode
        oldestBlockHeight: String(i.oldestBlockHeight),
        blockHeight: String(i.blockHeight),
      }),
      ctx.headers,
    );
  }
  const body: IndexResponseJson = {
    chain_id: i.chainId,
    epoch: String(i.epoch),
    ledger_version: String(i.ledgerVersion),
    oldest_ledger_version: String(i.oldestLedgerVersion),
    ledger_timestamp: String(i.ledgerTimestampUsec),
    node_role: 'full_node',
    oldest_block_height: String(i.oldestBlockHeight),
    block_height: String(i.blockHeight),
  };
  return jsonReply(200, JSON.stringify(body), ctx.headers);
}
