import { BcsWriter, utf8Encode } from '../../bcs/index.js';
import type { Reply } from '../exchange.js';
import { bcsReply, jsonReply } from '../responses.js';
import type { LedgerSummary } from '../../ledger/index.js';
import { accept, type RouteArgs } from '../params.js';

// GET /v1 (api/src/index.rs `get_ledger_info`, api/types/src/index.rs `IndexResponse`): the latest
// ledger info, as the headers carry it. JSON: `chain_id` a number, the rest U64 strings, `node_role`
// "full_node" (a replica is not a validator), no `git_hash` (the node omits it when it has none).
// BCS: `IndexResponseBcs`, whose U64 fields serialize as strings (records' indexResponseBcs).

export function ledgerInfo(ctx: RouteArgs & { readonly info: LedgerSummary; readonly headers: Record<string, string> }): Reply {
  const i = ctx.info;
  if (accept(ctx) === 'bcs') {
    const w = new BcsWriter(128);
    w.u8(i.chainId);
    const str = (v: bigint) => w.bytes(utf8Encode(v.toString()));
    str(i.epoch);
    str(i.ledgerVersion);
    str(i.oldestLedgerVersion);
    str(i.ledgerTimestampUsec);
    w.u8(1); // RoleType::FullNode
    str(i.oldestBlockHeight);
    str(i.blockHeight);
    return bcsReply(w.toBytes(), ctx.headers);
  }
  const body =
    `{"chain_id":${i.chainId},"epoch":"${i.epoch}","ledger_version":"${i.ledgerVersion}","oldest_ledger_version":"${i.oldestLedgerVersion}",` +
    `"ledger_timestamp":"${i.ledgerTimestampUsec}","node_role":"full_node","oldest_block_height":"${i.oldestBlockHeight}","block_height":"${i.blockHeight}"}`;
  return jsonReply(200, body, ctx.headers);
}
