import { ENDPOINTS, isApiError, type EndpointSpec, type LedgerInfo } from '../records/index.js';
import { ledgerHeadersFor } from './ledger-headers.js';
import { abiRegistry, type AbiRegistry } from '../submission/index.js';
import { readStream } from './body.js';
import { validCors, withCors, type CorsOptions } from './cors.js';
import type { HandlerAbis } from './encode.js';
import { DEFAULT_MAX_BODY_BYTES, EXCHANGE, isPromise, type Exchange, type HandlerConfig, type MaybeReply, type Reply, type Serve } from './exchange.js';
import { errorReply, methodNotAllowed, notFound } from './responses.js';
import { createRouter } from './router.js';
import { ROUTE_HANDLERS, type RouteHandler } from './routes.js';
import { DEFAULT_GAS_ESTIMATION, DEFAULT_LIMITS, endpointMemo, STATE_ENDPOINTS, type GasEstimationConfig, type PageLimits, type StateEndpoint } from './endpoints/index.js';
import type { Forward } from './forward.js';
import type { LedgerSource, Sha3 } from '../ledger/index.js';
import { fairTurns } from './turns.js';

export interface LedgerHandlerOptions {
  /**
   * The ledger the state endpoints (account, balance, transaction summaries, block by height)
   * answer from; its ledger info is reported in every answer's `X-SVC-*` headers. Without one only
   * encode_submission and the health check are served, over `ledgerInfo`.
   */
  source?: LedgerSource;
  /** The ledger state reported in the `X-SVC-*` headers of every response; its chain id signs (default: the source's). */
  ledgerInfo?: () => LedgerInfo | Promise<LedgerInfo>;
  /** The node's page-size limits (api_config.rs defaults: 100 transactions a page, 10000 a block). */
  limits?: Partial<PageLimits>;
  /**
   * ABIs for encode_submission (default: a registry of the embedded 0x1 framework). A registry
   * given here is used through `encodeSubmissionAsync`, so its `resolve` function is asked.
   */
  abis?: AbiRegistry;
  /** The node's gas estimation settings (api.gas_estimation) and the minimum price when the ledger has no gas schedule. */
  gasEstimation?: Partial<GasEstimationConfig>;
  /**
   * Where POST /transactions, /transactions/batch, /transactions/simulate and /view go (forward.ts
   * `forwardTo(upstream)`): a replica passes them to its node. Without one they answer 403 api_disabled.
   */
  forward?: Forward;
  /** Largest request body accepted, in bytes (default 8 MiB, the node's `content_length_limit`). */
  maxBodyBytes?: number;
  /** Prefix before `/v1` (default ''). */
  basePath?: string;
  /** The node's `api.encode_submission_enabled`; false answers 403 `api_disabled` (default true). */
  encodeSubmissionEnabled?: boolean;
  /** A reason the health check answers 503 `health_check_failed` (a replica whose ingest stopped), or undefined. */
  unhealthy?: () => string | undefined;
  /** A line the health check adds as its `x-replica-verification` header (a replica's verification mode), or undefined. */
  healthNote?: () => string | undefined;
  /** Wall clock in milliseconds, for the health check's lag (default `Date.now`). */
  now?: () => number;
  /** Let browser pages of these origins call the handler (preflight answered, X-SVC-* exposed); default none. */
  cors?: CorsOptions;
  /**
   * The most bytes of committed transactions' rendered JSON kept between requests, by version
   * (default 64 MiB; 0 keeps none). A committed transaction is rendered once; blocks and listings
   * are written from the kept texts.
   */
  transactionCacheBytes?: number;
  /**
   * sha3-256 for the state-key hashes of rendered transactions (default @noble/hashes, which runs
   * everywhere). In Node, pass ledger-bcs/ledger/node `nodeSha3`: several times faster.
   */
  sha3?: Sha3;
}

/** A web-standard handler; the node:http adapter uses its exchange form directly. */
export interface LedgerHandler {
  (req: Request): Promise<Response>;
  readonly [EXCHANGE]: Serve;
}

/**
 * An endpoint table and the handlers the handler serves it with, by endpoint name: the routes that
 * need no source, and the state endpoints over the options' source. An endpoint without a handler
 * answers 404, as a node without it would.
 */
export interface HandlerRoutes {
  readonly endpoints: Readonly<Record<string, EndpointSpec>>;
  readonly routes: Readonly<Record<string, RouteHandler<never>>>;
  readonly stateEndpoints: Readonly<Record<string, StateEndpoint<never>>>;
}

export function createLedgerHandler(options: LedgerHandlerOptions): LedgerHandler {
  return createRouteHandler({ endpoints: ENDPOINTS, routes: ROUTE_HANDLERS, stateEndpoints: STATE_ENDPOINTS }, options);
}

/** Route handlers of the state endpoints over `source`: each builds its endpoint's context. */
function stateRouteHandlers(
  endpoints: Readonly<Record<string, StateEndpoint<never>>>,
  source: LedgerSource,
  options: LedgerHandlerOptions,
  abis: AbiRegistry,
): Record<string, RouteHandler> {
  const l: PageLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const gasEstimation: GasEstimationConfig = { ...DEFAULT_GAS_ESTIMATION, ...options.gasEstimation };
  const cacheBytes = options.transactionCacheBytes;
  if (cacheBytes !== undefined && !(Number.isSafeInteger(cacheBytes) && cacheBytes >= 0)) throw new TypeError('transactionCacheBytes must be a whole number of bytes, 0 or more');
  const memo = endpointMemo(cacheBytes);
  const sha3 = options.sha3;
  const out: Record<string, RouteHandler> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, StateEndpoint<EndpointSpec>][]) {
    out[name] = (c) => endpoint({ ex: c.ex, spec: c.spec, params: c.params, queryValues: undefined, info: c.info, headers: c.headers, source, limits: l, memo, abis, sha3, maxBodyBytes: c.cfg.maxBodyBytes, gasEstimation });
  }
  return out;
}

/** The handler over any endpoint table (the library's is ENDPOINTS; a test adds its own routes). */
export function createRouteHandler(table: HandlerRoutes, options: LedgerHandlerOptions): LedgerHandler {
  const source = options.source;
  const ledgerInfo = options.ledgerInfo ?? (source ? () => source.ledgerInfo() : undefined);
  if (ledgerInfo === undefined) throw new TypeError('createLedgerHandler needs a source or a ledgerInfo function');
  const cfg: HandlerConfig = {
    ledgerInfo,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    encodeSubmissionEnabled: options.encodeSubmissionEnabled ?? true,
    now: options.now ?? Date.now,
    unhealthy: options.unhealthy ?? (() => undefined),
    healthNote: options.healthNote ?? (() => undefined),
    largeBodies: fairTurns(),
    forward: options.forward,
  };
  const abis: HandlerAbis = options.abis ? { registry: options.abis, sync: false } : { registry: abiRegistry(), sync: true };
  // With a source, the state endpoints are attached beside the stateless two.
  const handlers = (source ? { ...table.routes, ...stateRouteHandlers(table.stateEndpoints, source, options, abis.registry) } : table.routes) as Readonly<Record<string, RouteHandler>>;
  const route = createRouter(options.basePath ?? '', table.endpoints, Object.keys(handlers));

  const headersOf = ledgerHeadersFor();
  const infoFailed = (): Reply =>
    // The provider's own text stays on the server: it may name internal hosts or paths.
    errorReply(500, 'internal_error', 'Failed to get the latest ledger info', undefined);
  const failed = (e: unknown, headers: Record<string, string>): Reply =>
    isApiError(e) ? errorReply(e.status, e.errorCode, e.message, headers, undefined, e.vmErrorCode) : errorReply(500, 'internal_error', 'Internal error', headers);

  // Synchronous as far as the source is: a memory ledger's answer is written without a microtask.
  function serveRoutes(ex: Exchange): MaybeReply {
    let got: LedgerInfo | Promise<LedgerInfo>;
    try {
      got = cfg.ledgerInfo();
    } catch {
      return infoFailed();
    }
    return isPromise(got) ? Promise.resolve(got).then((info) => serveAt(ex, info), infoFailed) : serveAt(ex, got);
  }

  function serveAt(ex: Exchange, info: LedgerInfo): MaybeReply {
    let headers: Record<string, string>;
    try {
      headers = headersOf(info);
    } catch {
      return infoFailed();
    }
    try {
      const m = route(ex.method, ex.path);
      if (m.kind === 'not_found') return notFound(headers);
      if (m.kind === 'method_not_allowed') return methodNotAllowed(m.allow, headers);
      const reply = handlers[m.name]!({ ex, spec: m.spec, params: m.params, queryValues: undefined, cfg, abis, info, headers });
      return isPromise(reply) ? Promise.resolve(reply).then(undefined, (e: unknown) => failed(e, headers)) : reply;
    } catch (e) {
      return failed(e, headers);
    }
  }

  const serve = options.cors === undefined ? serveRoutes : withCors(serveRoutes, validCors(options.cors));

  const handler = async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const reply = await serve({
      method: req.method.toUpperCase(),
      path: url.pathname,
      query: url.search.slice(1),
      header: (name) => req.headers.get(name) ?? undefined,
      readBody: (limit) => readStream(req.body, limit),
    });
    return new Response(req.method === 'HEAD' || reply.status === 204 ? null : (reply.body as BodyInit), { status: reply.status, headers: reply.headers });
  };
  return Object.assign(handler, { [EXCHANGE]: serve });
}
