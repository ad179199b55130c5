import { isBcsError, isUsageError } from '../bcs/index.js';
import { parseErrorBody, parseLedgerInfo, type ErrorBody, type LedgerInfo } from '../records/index.js';
import { LedgerApiError, LedgerResponseError, type LedgerResponseErrorCode } from './errors.js';
import { timeoutError, type RawResponse } from './transport.js';
import type { LedgerResult } from './types.js';

// A response read as the interface defines it: 200 with the X-SVC-* headers, or an error status
// with the `AptosError` body (api/types/src/error.rs) and, usually, the same headers.

export type BodyKind = 'json' | 'bcs';

export interface Answer {
  res: RawResponse;
  ledgerInfo: LedgerInfo;
  kind: BodyKind;
}

export function responseError(res: RawResponse, code: LedgerResponseErrorCode, why: string, cause?: unknown): LedgerResponseError {
  return new LedgerResponseError(code, `${res.method} ${res.url} (${res.status}): ${why}`, res.status, res.method, res.url, cause);
}

/** The body's media type: `bcs` for application/x-bcs, `json` for application/json or none. */
function bodyKind(res: RawResponse): BodyKind | undefined {
  const ct = res.headers.get('content-type');
  if (ct === null) return 'json';
  const essence = ct.split(';')[0]!.trim().toLowerCase();
  return essence === 'application/x-bcs' ? 'bcs' : essence === 'application/json' ? 'json' : undefined;
}

/** A body as strict UTF-8 text: a bad sequence throws (under decodeBody, a `malformed_body` error). */
export function utf8Text(body: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: true }).decode(body);
}

/** A body's JSON value: strict UTF-8, then JSON.parse (either throws). */
export function jsonOf(body: Uint8Array): unknown {
  return JSON.parse(utf8Text(body));
}

function optionalLedgerInfo(headers: Headers): LedgerInfo | undefined {
  try {
    return parseLedgerInfo(headers);
  } catch {
    return undefined;
  }
}

function errorFrom(res: RawResponse): LedgerApiError | LedgerResponseError {
  let body: ErrorBody<string>;
  try {
    body = parseErrorBody(jsonOf(res.body));
  } catch {
    // A proxy's or load balancer's page, not the node's: the status is all there is.
    return responseError(res, 'unexpected_status', 'error status without an error body');
  }
  return new LedgerApiError(res.status, body.error_code, body.message, body.vm_error_code, optionalLedgerInfo(res.headers), res.method, res.url);
}

/** `ok` (200, or 202 for a submission) with readable ledger headers and a known media type, or the typed error the response is. */
export function answer(res: RawResponse, ok = 200): Answer {
  if (res.status !== ok) throw res.status >= 400 ? errorFrom(res) : responseError(res, 'unexpected_status', `expected ${ok}`);
  let ledgerInfo: LedgerInfo;
  try {
    ledgerInfo = parseLedgerInfo(res.headers);
  } catch (e) {
    throw responseError(res, 'missing_headers', isUsageError(e) ? e.message : String(e), e);
  }
  const kind = bodyKind(res);
  if (kind === undefined) throw responseError(res, 'unexpected_content_type', `unexpected content type ${JSON.stringify(res.headers.get('content-type'))}`);
  return { res, ledgerInfo, kind };
}

/**
 * Runs a decoder over the body; whatever it throws becomes a `malformed_body` error. A decode that
 * ends past the attempt's deadline (BCS decoders stop at it: DecodeOptions.deadline) is a timeout.
 */
export function decodeBody<T>(a: Answer, decode: () => T): T {
  let value: T;
  try {
    value = decode();
  } catch (e) {
    if (Date.now() > a.res.deadline) throw timeoutError(a.res.method, a.res.url);
    throw responseError(a.res, 'malformed_body', isBcsError(e) ? e.message : e instanceof Error ? e.message : String(e), e);
  }
  if (Date.now() > a.res.deadline) throw timeoutError(a.res.method, a.res.url);
  return value;
}

/** An answer's result: the data, the ledger headers, and the page cursor when the node sent one (X-SVC-CURSOR). */
export function ledgerResult<T>(a: Answer, data: T): LedgerResult<T> {
  const cursor = a.ledgerInfo.cursor;
  return cursor === undefined ? { data, ledgerInfo: a.ledgerInfo } : { data, ledgerInfo: a.ledgerInfo, cursor };
}
