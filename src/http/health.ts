import type { Reply } from './exchange.js';
import { arg, type SpecOf } from './params.js';
import { errorReply, jsonReply } from './responses.js';
import type { RouteContext } from './routes.js';

// GET /-/healthy (api/src/basic.rs `healthy`): 200 when the latest ledger info can be read and, with
// `duration_secs`, is no older than now − duration_secs; else 503 `health_check_failed`.

const OK_BODY = JSON.stringify({ message: 'aptos-node:ok' });

export function health(c: RouteContext<SpecOf<'healthy'>>): Reply {
  const { cfg, info, headers } = c;
  // A replica says what it proves, healthy or not.
  const note = cfg.healthNote();
  if (note !== undefined) headers['x-replica-verification'] = note;
  // The host's own verdict first, before the parameter is read.
  const unhealthy = cfg.unhealthy();
  if (unhealthy !== undefined) return errorReply(503, 'health_check_failed', unhealthy, headers);
  // poem-openapi reads it as `optional<integer(uint32)>` (its parse errors say so).
  const secs = arg(c, 'duration_secs');
  if (secs !== undefined) {
    const thresholdUsec = BigInt(Math.floor(cfg.now())) * 1000n - BigInt(secs) * 1_000_000n;
    if (info.ledgerTimestampUsec < thresholdUsec) {
      return errorReply(503, 'health_check_failed', 'The latest ledger info timestamp is less than the expected timestamp', headers);
    }
  }
  return jsonReply(200, OK_BODY, headers);
}
