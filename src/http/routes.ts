import type { Endpoint, EndpointSpec, LedgerInfo } from '../records/index.js';
import { encodeSubmissionRoute, type HandlerAbis } from './encode.js';
import type { HandlerConfig, MaybeReply } from './exchange.js';
import { health } from './health.js';
import type { RouteArgs, SpecOf } from './params.js';

// The handler's routes that need no ledger source, attached to the endpoint table's entries by name
// (the state endpoints over a source are endpoints/index.ts). The router serves exactly the
// endpoints that have a handler (the others answer 404, as a node without them would).

export interface RouteContext<S extends EndpointSpec = EndpointSpec> extends RouteArgs<S> {
  readonly cfg: HandlerConfig;
  readonly abis: HandlerAbis;
  readonly info: LedgerInfo;
  /** The ledger headers of this response (the reply takes them over). */
  readonly headers: Record<string, string>;
}

export type RouteHandler<S extends EndpointSpec = EndpointSpec> = (c: RouteContext<S>) => MaybeReply;

export const ROUTE_HANDLERS = {
  encode_submission: (c) => encodeSubmissionRoute(c.ex, c.cfg, c.abis, c.info.chainId, c.headers),
  healthy: health,
} satisfies { [E in Endpoint]?: RouteHandler<SpecOf<E>> };
