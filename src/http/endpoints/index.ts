import { account } from './account.js';
import { balance } from './balance.js';
import { blockByHeight } from './block.js';
import type { Endpoint } from './context.js';
import { transactionSummaries } from './transaction-summaries.js';
import { transactions } from './transactions.js';
import { accountResource } from './resource.js';

// The state endpoints by route name: each reads a `LedgerSource` through an `EndpointContext`.
export const STATE_ENDPOINTS = {
  account,
  balance,
  transaction_summaries: transactionSummaries,
  block_by_height: blockByHeight,
  transactions,
  account_resource: accountResource,
} satisfies Record<string, Endpoint>;

export type StateEndpointName = keyof typeof STATE_ENDPOINTS;
export { DEFAULT_LIMITS, type NodeLimits, type EndpointContext, type Endpoint } from './context.js';
