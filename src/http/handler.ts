import { ledgerInfoHeaders, type Endpoint, type LedgerInfo } from '../records/index.js';
import { abiRegistry, isApiError, type AbiRegistry } from '../submission/index.js';
import { readStream } from './body.js';
import type { HandlerAbis } from './encode.js';
import { DEFAULT_MAX_BODY_BYTES, EXCHANGE, type Exchange, type HandlerConfig, type Reply } from './exchange.js';
import { errorReply, methodNotAllowed, notFound } from './responses.js';
import { createRouter } from './router.js';
import { ROUTE_HANDLERS } from './routes.js';
import { oneAtATime } from './turns.js';

export interface LedgerHandlerOptions {
  /** The ledger state reported in the `X-SVC-*` headers of every response; its chain id signs. */
  ledgerInfo: () => LedgerInfo | Promise<LedgerInfo>;
  /**
   * ABIs for encode_submission (default: a registry of the embedded 0x1 framework). A registry
   * given here is used through `encodeSubmissionAsync`, so its `resolve` function is asked.
   */
  abis?: AbiRegistry;
  /** Largest request body accepted, in bytes (default 8 MiB, the node's `content_length_limit`). */
  maxBodyBytes?: number;
  /** Prefix before `/v1` (default ''). */
  basePath?: string;
  /** The node's `api.encode_submission_enabled`; false answers 403 `api_disabled` (default true). */
  encodeSubmissionEnabled?: boolean;
  /** Wall clock in milliseconds, for the health check's lag (default `Date.now`). */
  now?: () => number;
}

/** A web-standard handler; the node:http adapter uses its exchange form directly. */
export interface LedgerHandler {
  (req: Request): Promise<Response>;
  readonly [EXCHANGE]: (ex: Exchange) => Promise<Reply>;
}

export function createLedgerHandler(options: LedgerHandlerOptions): LedgerHandler {
  const cfg: HandlerConfig = {
    ledgerInfo: options.ledgerInfo,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    encodeSubmissionEnabled: options.encodeSubmissionEnabled ?? true,
    now: options.now ?? Date.now,
    largeBodies: oneAtATime(),
  };
  const abis: HandlerAbis = options.abis ? { registry: options.abis, sync: false } : { registry: abiRegistry(), sync: true };
  const route = createRouter(options.basePath ?? '', Object.keys(ROUTE_HANDLERS) as Endpoint[]);

  async function serve(ex: Exchange): Promise<Reply> {
    let info: LedgerInfo;
    let headers: Record<string, string>;
    try {
      const got = cfg.ledgerInfo();
      info = isPromise(got) ? await got : got;
      headers = ledgerInfoHeaders(info);
    } catch {
      // The provider's own text stays on the server: it may name internal hosts or paths.
      return errorReply(500, 'internal_error', 'Failed to get the latest ledger info', undefined);
    }
    try {
      const m = route(ex.method, ex.path);
      if (m.kind === 'not_found') return notFound(headers);
      if (m.kind === 'method_not_allowed') return methodNotAllowed(m.allow, headers);
      return await ROUTE_HANDLERS[m.name]!({ ex, params: m.params, cfg, abis, info, headers });
    } catch (e) {
      if (isApiError(e)) return errorReply(e.status, e.errorCode, e.message, headers, undefined, e.vmErrorCode);
      return errorReply(500, 'internal_error', 'Internal error', headers);
    }
  }

  const handler = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const reply = await serve({
      method: req.method.toUpperCase(),
      path: url.pathname,
      query: url.search.slice(1),
      header: (name) => req.headers.get(name) ?? undefined,
      readBody: (limit) => readStream(req.body, limit),
    });
    return new Response(req.method === 'HEAD' ? null : reply.body, { status: reply.status, headers: reply.headers });
  };
  return Object.assign(handler, { [EXCHANGE]: serve });
}

function isPromise<T>(v: T | Promise<T>): v is Promise<T> {
  return typeof (v as { then?: unknown } | null)?.then === 'function';
}
