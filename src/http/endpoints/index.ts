import type { LedgerSource } from '../../ledger/index.js';
import type { Endpoint as EndpointName } from '../../records/index.js';
import type { AbiRegistry } from '../../submission/index.js';
import type { RouteHandler } from '../routes.js';
import { account } from './account.js';
import { balance } from './balance.js';
import { blockByHeight } from './block.js';
import { DEFAULT_LIMITS, endpointMemo, type Endpoint, type NodeLimits } from './context.js';
import { transactionSummaries } from './transaction-summaries.js';
import { transactions } from './transactions.js';
import { accountResource } from './resource.js';

// The state endpoints by their name in the endpoint table (records' ENDPOINTS): each reads a
// `LedgerSource` through an `EndpointContext`.
const STATE_ENDPOINTS = {
  account,
  balance,
  transaction_summaries: transactionSummaries,
  block: blockByHeight,
  transactions,
  account_resource: accountResource,
} satisfies Partial<Record<EndpointName, Endpoint>>;

/** Route handlers of the state endpoints over `source`, for the handler's table. */
export function stateRouteHandlers(source: LedgerSource, limits: Partial<NodeLimits> | undefined, abis: AbiRegistry): Partial<Record<EndpointName, RouteHandler>> {
  const l: NodeLimits = { ...DEFAULT_LIMITS, ...limits };
  const memo = endpointMemo();
  const out: Partial<Record<EndpointName, RouteHandler>> = {};
  for (const [name, endpoint] of Object.entries(STATE_ENDPOINTS) as [EndpointName, Endpoint][]) {
    out[name] = (c) => endpoint({ ex: c.ex, params: c.params, info: c.info, headers: c.headers, source, limits: l, memo, abis });
  }
  return out;
}

export type { NodeLimits } from './context.js';
