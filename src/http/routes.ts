import type { Endpoint, LedgerInfo } from '../records/index.js';
import { encodeSubmissionRoute, type HandlerAbis } from './encode.js';
import type { Exchange, HandlerConfig, Reply } from './exchange.js';
import { health } from './health.js';

// The handler's route handlers, attached to the endpoint table's entries by name: the router serves
// exactly the endpoints listed here (the others answer 404, as a node without them would). Serving
// another endpoint of the table is one entry below.

export interface RouteContext {
  readonly ex: Exchange;
  /** The path parameters of the endpoint's pattern, as sent (percent-encoded). */
  readonly params: Readonly<Record<string, string>>;
  readonly cfg: HandlerConfig;
  readonly abis: HandlerAbis;
  readonly info: LedgerInfo;
  /** The ledger headers of this response (the reply takes them over). */
  readonly headers: Record<string, string>;
}

export type RouteHandler = (c: RouteContext) => Reply | Promise<Reply>;

export const ROUTE_HANDLERS: Partial<Record<Endpoint, RouteHandler>> = {
  encode_submission: (c) => encodeSubmissionRoute(c.ex, c.cfg, c.abis, c.info.chainId, c.headers),
  healthy: (c) => health(c.ex.query, c.info, c.headers, c.cfg),
};
