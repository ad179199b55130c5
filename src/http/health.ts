import type { LedgerInfo } from '../records/index.js';
import type { HandlerConfig, Reply } from './exchange.js';
import { errorReply, jsonReply } from './responses.js';

// GET /-/healthy (api/src/basic.rs `healthy`): 200 when the latest ledger info can be read and, with
// `duration_secs`, is no older than now − duration_secs; else 503 `health_check_failed`.

const OK_BODY = JSON.stringify({ message: 'aptos-node:ok' });
const PARAM = 'duration_secs';
// poem-openapi names the parameter type `optional<integer(uint32)>` in its parse errors.
const PARAM_TYPE = 'integer(uint32)';

export function health(query: string, info: LedgerInfo, headers: Record<string, string>, cfg: Pick<HandlerConfig, 'now' | 'unhealthy'>): Reply {
  // The host's own verdict first, before the parameter is read.
  const unhealthy = cfg.unhealthy();
  if (unhealthy !== undefined) return errorReply(503, 'health_check_failed', unhealthy, headers);
  const raw = query === '' ? null : new URLSearchParams(query).get(PARAM);
  if (raw !== null) {
    const secs = parseU32(raw);
    if (typeof secs === 'string') {
      const reason = `failed to parse "${PARAM_TYPE}": ${secs} (occurred while parsing "optional<${PARAM_TYPE}>")`;
      return errorReply(400, 'web_framework_error', `failed to parse parameter \`${PARAM}\`: ${reason}`, headers);
    }
    const thresholdUsec = BigInt(Math.floor(cfg.now())) * 1000n - BigInt(secs) * 1_000_000n;
    if (info.ledgerTimestampUsec < thresholdUsec) {
      return errorReply(503, 'health_check_failed', 'The latest ledger info timestamp is less than the expected timestamp', headers);
    }
  }
  return jsonReply(200, OK_BODY, headers);
}

/** Rust's `u32::from_str`: optional `+`, ASCII digits; the value or `ParseIntError`'s text. */
function parseU32(s: string): number | string {
  if (s === '') return 'cannot parse integer from empty string';
  const digits = s[0] === '+' ? s.slice(1) : s;
  if (!/^[0-9]+$/.test(digits)) return 'invalid digit found in string';
  const v = Number(digits.replace(/^0+(?=.)/, '').slice(0, 12));
  return v > 0xffffffff || digits.replace(/^0+/, '').length > 10 ? 'number too large to fit in target type' : v;
}
