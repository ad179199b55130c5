import { UsageError, quote } from '../bcs/index.js';
import { readStreamCapped } from '../bcs/internal.js';
import { LedgerNetworkError, LedgerResponseError, isLedgerNetworkError, isLedgerResponseError } from './errors.js';
import { fetchSameOrigin } from './redirect.js';
import { backoffMs, sleep, validRetryPolicy, type RetryPolicy } from './retry.js';

// One exchange with the node through the global (or given) fetch: a deadline per attempt covering
// headers, body and the caller's decoding of the answer (which gets it as `deadline`), the caller's
// AbortSignal honoured, retries for GETs on 503 or no response, redirects
// followed within the node's origin only (redirect.ts).
// Web-standard only (fetch, AbortController, Headers), so it runs in browsers and workers.

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface Transport {
  /** `{baseUrl}/v1`, without a trailing slash. */
  root: string;
  fetch: FetchLike;
  headers: Record<string, string>;
  timeoutMs: number;
  retry: RetryPolicy;
  /** Largest response body read; a longer one is refused before it is all in memory. */
  maxResponseBytes: number;
}

/** How to reach the node (the client's options for its transport). */
export interface TransportOptions {
  /** The node's address without `/v1`, e.g. `https://node.example/` or `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** Default: the global `fetch`. */
  fetch?: FetchLike;
  /** Sent with every request (Accept and Content-Type are the client's). */
  headers?: Record<string, string>;
  /**
   * Per attempt: the request, the answer's body and its decoding (default 30 000). A call with
   * retries may take (retries + 1) × timeoutMs plus the waits between attempts.
   */
  timeoutMs?: number;
  /** Extra attempts for GETs answered 503 or not answered (default 0). */
  retries?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** Largest response body read, in bytes (default 64 MiB); a longer one is a `body_too_large` error. */
  maxResponseBytes?: number;
}

/** One request to the node. */
export interface ApiRequest {
  method: 'GET' | 'POST';
  /** Path under `/v1`, starting with `/`, query included. */
  path: string;
  accept: string;
  body?: string | Uint8Array;
  /** Default `application/json` when there is a body. */
  contentType?: string;
  signal?: AbortSignal;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  method: string;
  url: string;
  /** `Date.now()` time by which the call must end, decoding included. */
  deadline: number;
}

/** The transport `o` describes, every option checked. */
export function createTransport(o: TransportOptions): Transport {
  if (typeof o !== 'object' || o === null) throw new UsageError('invalid_option', 'client options must be an object');
  let url: URL;
  try {
    url = new URL(o.baseUrl);
  } catch {
    throw new UsageError('invalid_url', `baseUrl must be an absolute URL, got ${quote(o.baseUrl)}`);
  }
  if (url.search !== '' || url.hash !== '') throw new UsageError('invalid_url', 'baseUrl must not have a query or fragment');
  if (o.fetch === undefined && typeof globalThis.fetch !== 'function') throw new UsageError('invalid_option', 'no global fetch: pass options.fetch');
  if (o.fetch !== undefined && typeof o.fetch !== 'function') throw new UsageError('invalid_option', 'options.fetch must be a function');
  const t = o.timeoutMs;
  if (t !== undefined && (typeof t !== 'number' || !Number.isInteger(t) || t <= 0 || t > 2_147_483_647)) {
    throw new UsageError('invalid_option', `timeoutMs must be a positive integer of milliseconds, got ${quote(t)}`);
  }
  const max = o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 0) throw new UsageError('invalid_option', `maxResponseBytes must be a non-negative integer, got ${quote(max)}`);
  return {
    maxResponseBytes: max,
    root: `${url.href.replace(/\/+$/, '')}/v1`,
    // Called unbound: some fetch implementations insist on `this` being the global object.
    fetch: o.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers: callerHeaders(o.headers),
    timeoutMs: t ?? DEFAULT_TIMEOUT_MS,
    retry: validRetryPolicy(o.retries, o.retryBaseDelayMs, o.retryMaxDelayMs),
  };
}

/**
 * The caller's headers without Accept and Content-Type, in any spelling: those are the client's
 * (a `Accept` beside the client's `accept` would be sent as one joined value, and the node could
 * answer in a format the call did not ask for).
 */
function callerHeaders(h: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) {
    const name = k.toLowerCase();
    if (name !== 'accept' && name !== 'content-type') out[k] = v;
  }
  return out;
}

const DEFAULT_MAX_RESPONSE_BYTES = 67_108_864; // 64 MiB, a literal: bundlers keep top-level arithmetic
const DEFAULT_TIMEOUT_MS = 30_000;

const TIMEOUT = Symbol('timeout');
const TOO_LARGE = Symbol('too large');

/** The body, read chunk by chunk so a hostile length is refused at `limit`, not after it. */
async function readBody(res: Response, limit: number): Promise<Uint8Array | typeof TOO_LARGE> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > limit) {
    await res.body?.cancel().catch(() => undefined);
    return TOO_LARGE;
  }
  return (await readStreamCapped(res.body, limit)) ?? TOO_LARGE;
}

/** What a fetch function threw that is not a network failure: its own bug or refusal, passed on as it is. */
class FetchThrew {
  constructor(readonly error: unknown) {}
}

/**
 * The fetch call. The Fetch standard rejects a failed exchange with a TypeError (node-fetch: a
 * FetchError); anything else a caller's fetch throws is the caller's own error, not the network's.
 */
async function callFetch(t: Transport, url: string, init: RequestInit): Promise<Response> {
  try {
    return await t.fetch(url, init);
  } catch (e) {
    const name = (e as { name?: unknown } | null)?.name;
    if (e instanceof TypeError || name === 'TypeError' || name === 'FetchError' || name === 'AbortError' || name === 'TimeoutError') throw e;
    throw new FetchThrew(e);
  }
}

async function attempt(t: Transport, ex: ApiRequest, url: string): Promise<RawResponse> {
  const deadline = Date.now() + t.timeoutMs;
  const controller = new AbortController();
  const outer = ex.signal;
  const onAbort = () => controller.abort(outer!.reason);
  if (outer?.aborted) throw outer.reason;
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(TIMEOUT), t.timeoutMs);
  const headers: Record<string, string> = { ...t.headers, accept: ex.accept };
  if (ex.body !== undefined) headers['content-type'] = ex.contentType ?? 'application/json';
  // The exchange also settles when the controller aborts, so a fetch (or body stream) that ignores
  // its signal cannot hold the call past the timeout or the caller's abort.
  let onAborted!: () => void;
  const aborted = new Promise<never>((_, reject) => {
    onAborted = () => reject(controller.signal.reason);
    controller.signal.addEventListener('abort', onAborted, { once: true });
  });
  try {
    const exchange = (async () => {
      const res = await fetchSameOrigin((u, init) => callFetch(t, u, init ?? {}), url, { method: ex.method, headers, body: ex.body as BodyInit | undefined, signal: controller.signal });
      const body = await readBody(res, t.maxResponseBytes);
      if (body === TOO_LARGE) {
        throw new LedgerResponseError('body_too_large', `${ex.method} ${url}: response body over ${t.maxResponseBytes} bytes`, res.status, ex.method, url);
      }
      return { status: res.status, headers: res.headers, body, method: ex.method, url, deadline };
    })();
    exchange.catch(() => undefined); // settled by the abort first: its own rejection is not unhandled
    return await Promise.race([exchange, aborted]);
  } catch (e) {
    if (outer?.aborted) throw outer.reason;
    if (isLedgerResponseError(e)) throw e;
    if (e instanceof FetchThrew) throw e.error;
    if (controller.signal.reason === TIMEOUT) throw timeoutError(ex.method, url, t.timeoutMs);
    const why = e instanceof Error ? (e.cause instanceof Error ? `${e.message}: ${e.cause.message}` : e.message) : String(e);
    throw new LedgerNetworkError('network', `${ex.method} ${url}: ${why}`, ex.method, url, e);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
    controller.signal.removeEventListener('abort', onAborted);
  }
}

/** Sends `ex`; a GET answered 503, or not answered, is tried again up to `retry.retries` times. */
export async function send(t: Transport, ex: ApiRequest): Promise<RawResponse> {
  const url = t.root + ex.path;
  const retries = ex.method === 'GET' ? t.retry.retries : 0;
  for (let i = 0; ; i++) {
    try {
      const res = await attempt(t, ex, url);
      if (res.status !== 503 || i >= retries) return res;
    } catch (e) {
      if (!isLedgerNetworkError(e) || i >= retries) throw e;
    }
    await sleep(backoffMs(t.retry, i), ex.signal);
  }
}

export function timeoutError(method: string, url: string, ms?: number): LedgerNetworkError {
  return new LedgerNetworkError('timeout', `${method} ${url}: no complete answer within ${ms === undefined ? 'timeoutMs' : `${ms} ms`}`, method, url);
}
