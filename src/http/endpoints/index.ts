import type { Endpoint as EndpointName } from '../../records/index.js';
import type { SpecOf } from '../params.js';
import { account } from './account.js';
import { balance } from './balance.js';
import { blockByHeight } from './block.js';
import type { StateEndpoint } from './context.js';
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

export { DEFAULT_LIMITS, endpointMemo, type PageLimits, type StateEndpoint, type EndpointContext } from './context.js';
