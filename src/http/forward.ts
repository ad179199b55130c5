import { errorBody } from '../records/index.js';
import { TOO_LARGE, type Exchange, type Reply } from './exchange.js';
import { PAYLOAD_TOO_LARGE } from './responses.js';

// What needs the node's mempool or VM: POST /transactions, /transactions/batch,
// /transactions/simulate (api/src/transactions.rs `submit_transaction`, `submit_transactions_batch`,
// `simulate_transaction`) and POST /view (api/src/view_function.rs). A replica forwards them to the
// node it follows and passes its answer through unchanged (status, body, and every header but the
// hop-by-hop ones); a server with no node behind it answers as a node whose API is disabled
// (response.rs `api_disabled`: 403 `api_disabled`, no ledger headers), naming the route and how to
// enable it. A submission forwarded is then followed like any other transaction: once the node
// commits it and the replica ingests its block, by_hash and wait_by_hash find it here.

/** Sends one exchange on to the upstream node (`path` under its `/v1`, query included). */
export type Forward = (ex: Exchange, path: string, maxBodyBytes: number) => Promise<Reply>;

/** The node's name of each forwarded route (response.rs `api_disabled` callers), by endpoint. */
export const FORWARDED_NAMES: Readonly<Record<string, string>> = {
  submit_transaction: 'Submit transaction',
  submit_transactions_batch: 'Submit batch transaction',
  simulate_transaction: 'Simulate transaction',
  view: 'View function',
};

// Hop-by-hop headers (RFC 9110 §7.6.1) and what fetch has already undone (content-encoding, length).
const NOT_PASSED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);
const SENT = ['content-type', 'accept', 'x-aptos-client', 'x-aptos-typescript-sdk-origin-method'];

/** Forwards to `baseUrl` (the node's address without `/v1`) with `fetch` (default: the global one). */
export function forwardTo(baseUrl: string, fetchFn: typeof fetch = globalThis.fetch, timeoutMs = 30_000): Forward {
  const root = `${baseUrl.replace(/\/+$/, '')}/v1`;
  return async (ex, path, maxBodyBytes) => {
    const body = ex.method === 'GET' || ex.method === 'HEAD' ? undefined : await ex.readBody(maxBodyBytes);
    if (body === TOO_LARGE) return plain(413, 'web_framework_error', PAYLOAD_TOO_LARGE);
    const headers: Record<string, string> = {};
    for (const name of SENT) {
      const v = ex.header(name);
      if (v !== undefined) headers[name] = v;
    }
    let res: Response;
    try {
      res = await fetchFn(`${root}${path}${ex.query === '' ? '' : `?${ex.query}`}`, {
        method: ex.method,
        headers,
        body: body as BodyInit | undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      // The upstream's own error text stays on the server (it may name internal hosts).
      return plain(503, 'internal_error', `The upstream node did not answer ${ex.method} ${path}`);
    }
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!NOT_PASSED.has(k)) out[k] = v;
    });
    return { status: res.status, headers: out, body: new Uint8Array(await res.arrayBuffer()) };
  };
}

/** The answer of a server without an upstream: the node's disabled-API 403, saying how to enable the route. */
export function disabledReply(endpoint: string, method: string, path: string): Reply {
  const name = FORWARDED_NAMES[endpoint] ?? endpoint;
  return plain(
    403,
    'api_disabled',
    `${name} is disabled on this endpoint: ${method} /v1${path} needs a node's mempool or VM, and this server answers from a ledger alone; run \`ledger-bcs serve --follow URL\` to forward it to that node`,
  );
}

function plain(status: number, code: 'web_framework_error' | 'internal_error' | 'api_disabled', message: string): Reply {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(errorBody(code, message, null)) };
}
