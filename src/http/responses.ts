import type { MaybeReply, Reply } from './exchange.js';
import { errorBody, ledgerInfoHeaders, type ApiErrorCode, type LedgerInfo } from '../records/index.js';
import { LEDGER_HEADERS as H } from '../records/internal.js';

// Bodies as the node writes them: poem's `Json` answers `application/json; charset=utf-8`, and
// every error is an `AptosError` (api/types/src/error.rs): `{"message","error_code","vm_error_code"}`.

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A reply with `ledgerHeaders` plus `extra`. The ledger headers object is per request (fresh from
 * `ledgerInfoHeaders`) and a request gets one reply, so it becomes the reply's headers in place:
 * spreading it again costs more than the encoding's own bookkeeping.
 */
export function jsonReply(status: number, body: string | Uint8Array, ledgerHeaders: Record<string, string> | undefined, extra?: Record<string, string>): Reply {
  const headers = ledgerHeaders ?? {};
  if (extra !== undefined) Object.assign(headers, extra);
  headers['content-type'] = JSON_TYPE;
  return { status, headers, body };
}

export function errorReply(
  status: number,
  code: ApiErrorCode,
  message: string,
  ledgerHeaders: Record<string, string> | undefined,
  extra?: Record<string, string>,
  vmErrorCode: number | null = null,
): Reply {
  if (ledgerHeaders !== undefined) dropCursor(ledgerHeaders);
  return jsonReply(status, JSON.stringify(errorBody(code, message, vmErrorCode)), ledgerHeaders, extra);
}

// Errors carry the ledger headers without the cursor (a cursor only makes sense beside a page).
function dropCursor(h: Record<string, string>): void {
  for (const k in h) if (k.length === 12 || k.length === 14) if (k.toLowerCase() === 'x-svc-cursor' || k.toLowerCase() === 'x-aptos-cursor') delete h[k];
}

// Framework errors keep poem's status and text and take the `web_framework_error` code
// (api/src/error_converter.rs `convert_error`).
export const notFound = (h: Record<string, string> | undefined): Reply => errorReply(404, 'web_framework_error', 'not found', h);

export const methodNotAllowed = (allow: string, h: Record<string, string> | undefined): Reply =>
  errorReply(405, 'web_framework_error', 'method not allowed', h, { allow });

// poem `SizedLimitError::PayloadTooLarge`, raised by the node's `PostSizeLimit` (api/src/check_size.rs).
// The connection is closed: the rest of the body is not read.
export const payloadTooLarge = (h: Record<string, string> | undefined): Reply =>
  errorReply(413, 'web_framework_error', 'payload too large', h, { connection: 'close' });

const BCS_TYPE = 'application/x-bcs';

export function bcsReply(body: Uint8Array, headers: Record<string, string>): Reply {
  headers['content-type'] = BCS_TYPE;
  return { status: 200, headers, body };
}

/** `f(v)`: at once for a value, once settled for a promise or any thenable (so sync sources stay synchronous). */
export function after<T, U>(v: T | PromiseLike<T>, f: (v: T) => U | Promise<U>): U | Promise<U> {
  return isPromise(v) ? Promise.resolve(v).then(f) : f(v);
}

/** Whether `v` is a promise or another thenable (which `Promise.resolve` turns into a promise, as `await` does). */
export function isPromise<T>(v: T | PromiseLike<T>): v is PromiseLike<T> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}

// The X-SVC-* headers of each answer. Writing them checks and formats nine fields (~1.8 µs); a
// ledger info provider that builds a new object per request (the stateless `serve`, whose timestamp
// is the clock's) mostly answers the same values as the request before, so the headers are kept
// while the values stay the same. Compared by value, not by object: a provider may hand out one
// object and change it. Each field is read once per request (a getter could answer differently).

/** A function from ledger info to a fresh copy of its headers (each reply owns and extends its copy). */
export function ledgerHeadersFor(): (info: LedgerInfo) => Record<string, string> {
  let seen: LedgerInfo | undefined;
  let headers: Record<string, string> = {};
  return (info) => {
    const { chainId, ledgerVersion, oldestLedgerVersion, ledgerTimestampUsec, epoch, blockHeight, oldestBlockHeight, gasUsed, cursor } = info;
    if (
      seen === undefined ||
      seen.chainId !== chainId ||
      seen.ledgerVersion !== ledgerVersion ||
      seen.oldestLedgerVersion !== oldestLedgerVersion ||
      seen.ledgerTimestampUsec !== ledgerTimestampUsec ||
      seen.epoch !== epoch ||
      seen.blockHeight !== blockHeight ||
      seen.oldestBlockHeight !== oldestBlockHeight ||
      seen.gasUsed !== gasUsed ||
      seen.cursor !== cursor
    ) {
      const now = { chainId, ledgerVersion, oldestLedgerVersion, ledgerTimestampUsec, epoch, blockHeight, oldestBlockHeight, gasUsed, cursor };
      // Throws on a malformed info (the handler answers 500), keeping nothing of it.
      headers = ledgerInfoHeaders(now);
      seen = now;
    }
    return copyOf(headers);
  };
}

/**
 * A copy as one literal of the header names: the copy every reply makes is an allocation of a known
 * shape (~12 ns), where `Object.assign` walks the keys (~90 ns) and a spread copy has no room for the
 * headers added next, each of which then reshapes it (1.4 µs; all measured, Node 20).
 */
function copyOf(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {
    [H.chainId]: h[H.chainId]!,
    [H.ledgerVersion]: h[H.ledgerVersion]!,
    [H.oldestLedgerVersion]: h[H.oldestLedgerVersion]!,
    [H.ledgerTimestampUsec]: h[H.ledgerTimestampUsec]!,
    [H.epoch]: h[H.epoch]!,
    [H.blockHeight]: h[H.blockHeight]!,
    [H.oldestBlockHeight]: h[H.oldestBlockHeight]!,
  };
  if (h[H.gasUsed] !== undefined) out[H.gasUsed] = h[H.gasUsed]!;
  if (h[H.cursor] !== undefined) out[H.cursor] = h[H.cursor]!;
  return out;
}
