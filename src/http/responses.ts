import type { Exchange, MaybeReply, Reply } from './exchange.js';
import type { Later } from './later.js';
import { BoundedMap } from '../submission/internal.js';
import { ApiError, errorBody, isApiError, ledgerInfoHeaders, type ApiErrorCode, type LedgerInfo } from '../records/index.js';
import { isJsonContentType } from './params.js';
import { LEDGER_HEADERS as H, ledgerTimestampHeader, type FixedLedgerHeaders } from '../records/internal.js';

// Bodies as the node writes them: poem's `Json` answers `application/json; charset=utf-8`, and
// every error is an `AptosError` (api/types/src/error.rs): `{"message","error_code","vm_error_code"}`.

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A reply with `ledgerHeaders` plus `extra`. The ledger headers object is per request (fresh from
 * `ledgerInfoHeaders`) and a request gets one reply, so it becomes the reply's headers in place:
 * spreading it again costs more than the encoding's own bookkeeping.
 */
export function jsonReply(
  status: number,
  body: string | Uint8Array,
  ledgerHeaders: Record<string, string> | undefined,
  extra?: Record<string, string>,
  bytes?: number,
): Reply {
  const headers = ledgerHeaders ?? {};
  if (extra !== undefined) Object.assign(headers, extra);
  headers['content-type'] = JSON_TYPE;
  // `bytes` in every JSON reply, set or not: one shape for the adapter to read (Reply).
  return { status, headers, body, bytes };
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

/** A route's failure as its reply: an ApiError as the node answers it, anything else a 500. */
export function failureReply(e: unknown, headers: Record<string, string>): Reply {
  return isApiError(e) ? errorReply(e.status, e.errorCode, e.message, headers, undefined, e.vmErrorCode) : errorReply(500, 'internal_error', 'Internal error', headers);
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
export const PAYLOAD_TOO_LARGE = 'payload too large';
export const payloadTooLarge = (h: Record<string, string> | undefined): Reply =>
  errorReply(413, 'web_framework_error', PAYLOAD_TOO_LARGE, h, { connection: 'close' });
/** The same 413 as an error to throw (from a body read already under way). */
export const payloadTooLargeError = (): ApiError => new ApiError(413, 'web_framework_error', PAYLOAD_TOO_LARGE);

/**
 * poem-openapi's `ContentTypeError` for a route that takes a JSON body (415, answered before the body
 * is read), or undefined when `contentType` is JSON's.
 */
export function jsonContentTypeError(contentType: string | undefined): ApiError | undefined {
  if (contentType === undefined) return new ApiError(415, 'web_framework_error', 'the client request does not include the `Content-Type` header');
  if (!isJsonContentType(contentType)) return new ApiError(415, 'web_framework_error', `the \`Content-Type\` requested by the client is not supported: ${contentType}`);
  return undefined;
}

const BCS_TYPE = 'application/x-bcs';

export function bcsReply(body: Uint8Array, headers: Record<string, string>): Reply {
  headers['content-type'] = BCS_TYPE;
  return { status: 200, headers, body };
}

/** `f(v)`: at once for a value, once settled for a promise or any thenable (so sync sources stay synchronous). */
export function after<T, U>(v: T | PromiseLike<T>, f: (v: T) => U | Promise<U>): U | Promise<U> {
  return isPromise(v) ? Promise.resolve(v).then(f) : f(v);
}

/**
 * Marks a Later (later.ts) across bundled copies of the library (ledger-bcs/http and ledger-bcs/http/node).
 * Its key names the reader protocol (`read`): a copy whose Laters are read otherwise does not match,
 * and its Laters are taken as the thenables they also are.
 */
export const LATER: unique symbol = Symbol.for('ledger-bcs.http.later.read') as never;

/** Whether `v` is a Later (later.ts), of this bundle or another copy's. Here, not in later.ts: a route that never reads a body does not cross that file. */
export function isLater<T>(v: unknown): v is Later<T> {
  return typeof v === 'object' && v !== null && (v as { [LATER]?: unknown })[LATER] === true;
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
    } else if (seen.ledgerTimestampUsec !== ledgerTimestampUsec) {
      // The clock alone moved (the stateless `serve`'s timestamp is the clock's): that one header
      // is made again (issue 32), in place: `headers` and `seen` are this function's own (replies
      // get copies), so nothing handed out changes.
      headers[H.ledgerTimestampUsec] = ledgerTimestampHeader(ledgerTimestampUsec);
      seen.ledgerTimestampUsec = ledgerTimestampUsec;
    }
    return copyOf(headers);
  };
}

/**
 * A copy as one literal of the header names: the copy every reply makes is an allocation of a known
 * shape (~12 ns), where `Object.assign` walks the keys (~90 ns) and a spread copy has no room for the
 * headers added next, each of which then reshapes it (1.4 µs; all measured, Node 20). The names are
 * written out, not computed from LEDGER_HEADERS: computed keys made each read and store a
 * megamorphic keyed access (issue 32, callgrind); `satisfies` ties them to LEDGER_HEADERS.
 */
function copyOf(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {
    'X-SVC-CHAIN-ID': h['X-SVC-CHAIN-ID']!,
    'X-SVC-LEDGER-VERSION': h['X-SVC-LEDGER-VERSION']!,
    'X-SVC-LEDGER-OLDEST-VERSION': h['X-SVC-LEDGER-OLDEST-VERSION']!,
    'X-SVC-LEDGER-TIMESTAMPUSEC': h['X-SVC-LEDGER-TIMESTAMPUSEC']!,
    'X-SVC-EPOCH': h['X-SVC-EPOCH']!,
    'X-SVC-BLOCK-HEIGHT': h['X-SVC-BLOCK-HEIGHT']!,
    'X-SVC-OLDEST-BLOCK-HEIGHT': h['X-SVC-OLDEST-BLOCK-HEIGHT']!,
  } satisfies FixedLedgerHeaders;
  if (h[H.gasUsed] !== undefined) out[H.gasUsed] = h[H.gasUsed]!;
  if (h[H.cursor] !== undefined) out[H.cursor] = h[H.cursor]!;
  return out;
}

// Whole answers kept between requests. A state endpoint's answer is a function of the request (its
// path, query and Accept header) and of the ledger between its oldest and latest versions, which a
// source never changes once answered (LedgerSource): while the ledger info names the same versions,
// the same request gets the same status, body and headers beside the ledger's. So a 200 is kept as
// its final bytes with the headers the endpoint added (content type, cursor), and answered again
// with no parse, read or render; any other version pair (the ledger grew or pruned) misses, and the
// answer is made again and kept in its place. Errors are never kept.

/** A kept answer: the versions it was made at, its body as final bytes, and the headers added to the ledger's (name, value, …). */
export interface KeptAnswer {
  readonly chainId: number;
  readonly latest: bigint;
  readonly oldest: bigint;
  readonly body: Uint8Array;
  readonly extra: readonly string[];
}

/** At most 4,096 answers, 16 MiB in all by default (an entry's weight: its body and headers); a request text past 1,024 characters is not kept. */
export const KEPT_ANSWERS = 4096;
export const KEPT_ANSWER_BYTES = 16 * 1024 * 1024;
export const KEPT_ANSWER_KEY_CHARS = 1024;
const ANSWER_OVERHEAD = 160;

export type AnswerMemo = BoundedMap<string, KeptAnswer>;

export function answerMemo(maxBytes = KEPT_ANSWER_BYTES): AnswerMemo {
  return new BoundedMap(KEPT_ANSWERS, { max: maxBytes, of: (a) => a.body.byteLength + 8 * a.extra.length + ANSWER_OVERHEAD });
}

interface AnsweredRequest {
  readonly ex: Exchange;
  readonly info: LedgerInfo;
  /** This request's copy of the ledger headers (a reply takes it over). */
  readonly headers: Record<string, string>;
}

/** `serve`, with its 200 answers kept in `memo` while the ledger's versions stay the same. */
export function keptAnswers<C extends AnsweredRequest>(memo: AnswerMemo, serve: (c: C) => MaybeReply): (c: C) => MaybeReply {
  return (c) => {
    const accept = c.ex.header('accept');
    const ex = c.ex;
    // A path alone when there is nothing else (no query, no Accept): the string as the request
    // brought it, hashed as it is, not first joined to more (a path never holds a '?' or a newline).
    const key = accept === undefined ? (ex.query === '' ? ex.path : `${ex.path}?${ex.query}`) : `${ex.path}?${ex.query}\n${accept}`;
    if (key.length > KEPT_ANSWER_KEY_CHARS) return serve(c);
    const info = c.info;
    const kept = memo.get(key);
    if (kept !== undefined && kept.latest === info.ledgerVersion && kept.oldest === info.oldestLedgerVersion && kept.chainId === info.chainId) {
      const h = c.headers;
      const extra = kept.extra;
      for (let i = 0; i < extra.length; i += 2) h[extra[i]!] = extra[i + 1]!;
      return { status: 200, headers: h, body: kept.body };
    }
    const before = { ...c.headers };
    const reply = serve(c);
    return isPromise(reply) ? Promise.resolve(reply).then((r) => keep(memo, key, info, before, r)) : keep(memo, key, info, before, reply);
  };
}

const UTF8 = /* @__PURE__ */ new TextEncoder();

/** Keeps a 200 whose headers are the ledger's (`before`, none taken away) plus the endpoint's own; answers it unchanged. */
function keep(memo: AnswerMemo, key: string, info: LedgerInfo, before: Record<string, string>, reply: Reply): Reply {
  if (reply.status !== 200) return reply;
  const extra: string[] = [];
  for (const k in before) if (!(k in reply.headers)) return reply;
  for (const k in reply.headers) if (before[k] !== reply.headers[k]) extra.push(k, reply.headers[k]!);
  const body = typeof reply.body === 'string' ? UTF8.encode(reply.body) : reply.body;
  memo.set(key, { chainId: info.chainId, latest: info.ledgerVersion, oldest: info.oldestLedgerVersion, body, extra });
  return reply;
}
