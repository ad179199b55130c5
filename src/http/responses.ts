import { errorBody, type ApiErrorCode } from '../records/index.js';
import type { Reply } from './exchange.js';

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
