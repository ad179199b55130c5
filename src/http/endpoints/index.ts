import type { LedgerSource } from '../../ledger/index.js';
import type { Endpoint as EndpointName, EndpointSpec } from '../../records/index.js';
import type { AbiRegistry } from '../../submission/index.js';
import type { SpecOf } from '../params.js';
import type { RouteHandler } from '../routes.js';
import { account } from './account.js';
import { balance } from './balance.js';
import { blockByHeight } from './block.js';
import { DEFAULT_LIMITS, endpointMemo, type PageLimits, type StateEndpoint } from './context.js';
import { transactionSummaries } from './transaction-summaries.js';
import { transactions } from './transactions.js';
import { accountResource } from './resource.js';

// The state endpoints by their name in the endpoint table (records' ENDPOINTS): each reads a
// `LedgerSource` through an `EndpointContext`, its parameters through the table. Serving another
// endpoint of the table is its entry there plus one line here.
export const STATE_ENDPOINTS = {
  account,
  balance,
  transaction_summaries: transactionSummaries,
  block: blockByHeight,
  transactions,
  account_resource: accountResource,
} satisfies { [E in EndpointName]?: StateEndpoint<SpecOf<E>> };

/** Route handlers of `endpoints` over `source`, for the handler's table. */
export function stateRouteHandlers(
  endpoints: Readonly<Record<string, StateEndpoint<never>>>,
  source: LedgerSource,
  limits: Partial<PageLimits> | undefined,
  abis: AbiRegistry,
): Record<string, RouteHandler> {
  const l: PageLimits = { ...DEFAULT_LIMITS, ...limits };
  const memo = endpointMemo();
  const out: Record<string, RouteHandler> = {};
  for (const [name, endpoint] of Object.entries(endpoints) as [string, StateEndpoint<EndpointSpec>][]) {
    out[name] = (c) => endpoint({ ex: c.ex, spec: c.spec, params: c.params, queryValues: undefined, info: c.info, headers: c.headers, source, limits: l, memo, abis });
  }
  return out;
}

export type { PageLimits, StateEndpoint, EndpointContext } from './context.js';
