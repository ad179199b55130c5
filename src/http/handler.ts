import { ENDPOINTS, type EndpointSpec, type LedgerInfo } from '../records/index.js';
import { abiRegistry, type AbiRegistry } from '../submission/index.js';
import { readStream } from './body.js';
import { validCors, withCors, type CorsOptions } from './cors.js';
import type { HandlerAbis } from './encode.js';
import { DEFAULT_MAX_BODY_BYTES, EXCHANGE, type Exchange, type HandlerConfig, type MaybeReply, type Reply, type Serve } from './exchange.js';
import { answerMemo, errorReply, failureReply, isLater, isPromise, KEPT_ANSWER_BYTES, keptAnswers, ledgerHeadersFor, methodNotAllowed, notFound } from './responses.js';
import { ROUTE_HANDLERS, type RouteHandler } from './routes.js';
import { DEFAULT_GAS_ESTIMATION, DEFAULT_LIMITS, endpointMemo, STATE_ENDPOINTS, type GasEstimationConfig, type PageLimits, type StateEndpoint } from './endpoints/index.js';
import type { Forward } from './forward.js';
import type { LedgerSource, Sha3 } from '../ledger/index.js';
import { fairTurns } from './turns.js';
import { hexSlab, quotedHex } from '../bcs/internal.js';

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
   * The most bytes of whole answers kept between requests (default 16 MiB, at most 4,096 answers; 0
   * keeps none): a state endpoint's 200 is answered again from its final bytes while the ledger's
   * versions stay the same (responses.ts `keptAnswers`).
   */
  answerCacheBytes?: number;
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
  const answerBytes = options.answerCacheBytes ?? KEPT_ANSWER_BYTES;
  if (!(Number.isSafeInteger(answerBytes) && answerBytes >= 0)) throw new TypeError('answerCacheBytes must be a whole number of bytes, 0 or more');
  const answers = answerBytes > 0 ? answerMemo(answerBytes) : undefined;
  const memo = endpointMemo(cacheBytes);
  const sha3 = options.sha3;
  const out: Record<string, RouteHandler> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, StateEndpoint<EndpointSpec>][]) {
    const serve: RouteHandler = (c) => endpoint({ ex: c.ex, spec: c.spec, params: c.params, queryValues: undefined, info: c.info, headers: c.headers, source, limits: l, memo, abis, sha3, maxBodyBytes: c.cfg.maxBodyBytes, gasEstimation });
    out[name] = answers !== undefined && KEPT.has(name) ? keptAnswers(answers, serve) : serve;
  }
  return out;
}

/**
 * The GET routes whose 200 answers are kept whole (responses.ts `keptAnswers`): each is the request's
 * and the ledger's at its versions alone. Not blocks, which keep their answers' parts by block
 * (block.ts, transaction-json.ts `blockBody`), nor the POST routes (a body is not kept).
 */
const KEPT: ReadonlySet<string> = new Set([
  'account',
  'balance',
  'transaction_summaries',
  'transactions',
  'account_resource',
  'transaction_by_hash',
  'wait_transaction_by_hash',
  'transaction_by_version',
  'account_transactions',
  'account_resources',
  'account_modules',
  'account_module',
  'estimate_gas_price',
  'events_by_creation_number',
  'events_by_event_handle',
]);

/** The handler over any endpoint table (the library's is ENDPOINTS; a test adds its own routes). */
export function createRouteHandler(table: HandlerRoutes, options: LedgerHandlerOptions): LedgerHandler {
  const source = options.source;
  const ledgerInfo = options.ledgerInfo ?? (source ? () => source.ledgerInfo() : undefined);
  if (ledgerInfo === undefined) throw new TypeError('createLedgerHandler needs a source or a ledgerInfo function');
  const slab = hexSlab();
  const cfg: HandlerConfig = {
    ledgerInfo,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    encodeSubmissionEnabled: options.encodeSubmissionEnabled ?? true,
    now: options.now ?? Date.now,
    unhealthy: options.unhealthy ?? (() => undefined),
    healthNote: options.healthNote ?? (() => undefined),
    largeBodies: fairTurns(),
    replyHex: (bytes, n) => quotedHex(bytes, n, slab),
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
      if (!isPromise(reply)) return reply;
      // A Later (a body read from the node adapter) stays one: its reply is written from the body's end
      // event. Its route answers its own failures, as here (encode.ts); one that fails anyway is a 500.
      if (isLater<Reply>(reply)) return reply;
      return Promise.resolve(reply).then(undefined, (e: unknown) => failureReply(e, headers));
    } catch (e) {
      return failureReply(e, headers);
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

// Routes under `{base}/v1`, built from an endpoint table (records' ENDPOINTS, or a test's) for the
// endpoints the handler has a route handler for. Paths match as sent, like poem's router: no trailing-slash or case
// folding; a `{name}` segment matches one non-empty segment, given to the handler as sent
// (percent-encoded).

export type RouteMatch =
  | { kind: 'route'; name: string; spec: EndpointSpec; params: Readonly<Record<string, string>> }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: string };

export type Router = (method: string, path: string) => RouteMatch;

interface Route {
  readonly name: string;
  readonly spec: EndpointSpec;
  /** Methods served; HEAD is served wherever GET is (poem answers HEAD with the GET route). */
  readonly methods: readonly string[];
  readonly allow: string;
  /** The pattern's segments after the prefix: a literal, or null where a parameter goes. */
  readonly segments: readonly (string | null)[];
  /** The parameters' names, in the order of their segments. */
  readonly names: readonly string[];
  /** The match of a route without parameters, built once. */
  readonly found?: RouteMatch;
  /** For a path served by several entries (one per method): each method's match. */
  readonly byMethod?: Readonly<Record<string, RouteMatch>>;
  /** An exact route's whole path, base included. */
  readonly path?: string;
}

function byMethodOf(r: Route): Record<string, RouteMatch> {
  return r.byMethod ?? Object.fromEntries(r.methods.map((m) => [m, r.found!]));
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** `basePath` '' or '/api' (a trailing slash is dropped); routes live under `{basePath}/v1`. */
export function createRouter(basePath: string, table: Readonly<Record<string, EndpointSpec>>, names: readonly string[]): Router {
  const prefix = `${normalizeBase(basePath)}/v1`;
  const under = `${prefix}/`;
  // One path may have a route per method (GET /transactions lists, POST /transactions submits).
  const exact = new Map<string, Route>();
  const patterned: Route[] = [];
  for (const name of names) {
    const spec = table[name]!;
    const { method, path } = spec;
    const methods = method === 'GET' ? ['GET', 'HEAD'] : [method];
    const parts = path.split('/').slice(1);
    const segments = parts.map((p) => (isParam(p) ? null : p));
    const route = { name, spec, methods, allow: methods.join(', '), segments, names: parts.filter(isParam).map((p) => p.slice(1, -1)) };
    if (route.names.length > 0) patterned.push(route);
    else {
      const found: RouteMatch = { kind: 'route', name, spec, params: NO_PARAMS };
      const other = exact.get(prefix + path);
      const mine = { ...route, found };
      exact.set(prefix + path, other === undefined ? mine : { ...other, methods: [...other.methods, ...methods], allow: [...other.methods, ...methods].join(', '), byMethod: { ...byMethodOf(other), ...Object.fromEntries(methods.map((m) => [m, found])) } });
    }
  }
  // The patterned routes by their number of segments, each list in the table's order (the first match wins).
  const bySegments: Route[][] = [];
  for (const r of patterned) (bySegments[r.segments.length] ??= []).push(r);
  // The exact routes by their path's length, each found by comparing strings: a request's path is a
  // fresh string, which a Map lookup must hash first (~400 instructions a request, issue 32).
  const exactByLength: Route[][] = [];
  for (const [p, r] of exact) (exactByLength[p.length] ??= []).push({ ...r, path: p });
  const notFound: RouteMatch = { kind: 'not_found' };
  const allowed = (route: Route, method: string, params?: Record<string, string>): RouteMatch => {
    if (!route.methods.includes(method)) return { kind: 'method_not_allowed', allow: route.allow };
    if (route.byMethod !== undefined) return route.byMethod[method]!;
    return route.found ?? { kind: 'route', name: route.name, spec: route.spec, params: params ?? NO_PARAMS };
  };
  return (method, path) => {
    const sameLength = exactByLength[path.length];
    if (sameLength !== undefined) for (const route of sameLength) if (route.path === path) return allowed(route, method);
    if (!path.startsWith(under)) return notFound;
    // Where each segment after the prefix starts: routes are matched on the path itself, and only
    // the matched route's parameters are cut out (a split per request cost ~1,000 instructions).
    const starts = [under.length];
    for (let i = path.indexOf('/', under.length); i >= 0; i = path.indexOf('/', i + 1)) starts.push(i + 1);
    const candidates = bySegments[starts.length];
    if (candidates !== undefined) for (const r of candidates) if (matchesAt(r, path, starts)) return allowed(r, method, paramsAt(r, path, starts));
    return notFound;
  };
}

function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

/** Whether `path`, whose segments start at `starts` (as many as the route's), matches the route's literals and has no empty parameter. */
function matchesAt(route: Route, path: string, starts: readonly number[]): boolean {
  const pattern = route.segments;
  for (let i = 0; i < pattern.length; i++) {
    const from = starts[i]!;
    const length = (i + 1 < starts.length ? starts[i + 1]! - 1 : path.length) - from;
    const p = pattern[i];
    if (p === null ? length === 0 : length !== p!.length || !path.startsWith(p!, from)) return false;
  }
  return true;
}

function paramsAt(route: Route, path: string, starts: readonly number[]): Record<string, string> {
  const pattern = route.segments;
  // Filled in the pattern's order, so each route's parameter objects share one shape.
  const params: Record<string, string> = {};
  let k = 0;
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === null) params[route.names[k++]!] = path.slice(starts[i]!, i + 1 < starts.length ? starts[i + 1]! - 1 : path.length);
  }
  return params;
}

function normalizeBase(base: string): string {
  let b = base.trim();
  while (b.endsWith('/')) b = b.slice(0, -1);
  if (b !== '' && !b.startsWith('/')) b = `/${b}`;
  return b;
}
