import type { Endpoint, EndpointSpec, LedgerInfo } from '../records/index.js';
import { encodeSubmissionRoute, type HandlerAbis } from './encode.js';
import type { HandlerConfig, MaybeReply } from './exchange.js';
import { health } from './health.js';
import { disabledReply } from './forward.js';
import { ledgerInfo } from './endpoints/ledger-info.js';
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

/** A route the node serves with its mempool or VM: forwarded upstream, or refused (forward.ts). */
function forwarded(name: string): RouteHandler {
  return (c) => (c.cfg.forward === undefined ? disabledReply(name, c.ex.method, c.spec.path) : c.cfg.forward(c.ex, c.spec.path, c.cfg.maxBodyBytes));
}

export const ROUTE_HANDLERS = {
  encode_submission: (c) => encodeSubmissionRoute(c.ex, c.cfg, c.abis, c.info.chainId, c.headers),
  healthy: health,
  ledger_info: ledgerInfo,
  submit_transaction: forwarded('submit_transaction'),
  submit_transactions_batch: forwarded('submit_transactions_batch'),
  simulate_transaction: forwarded('simulate_transaction'),
  view: forwarded('view'),
} satisfies { [E in Endpoint]?: RouteHandler<SpecOf<E>> };
