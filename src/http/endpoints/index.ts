import type { Endpoint as EndpointName } from '../../records/index.js';
import type { SpecOf } from '../params.js';
import { account } from './account.js';
import { balance } from './balance.js';
import { blockByHeight, blockByVersion } from './block.js';
import { accountModule, accountModules, accountResources } from './account-state.js';
import type { StateEndpoint } from './context.js';
import { eventsByCreationNumber, eventsByEventHandle } from './events.js';
import { estimateGasPrice } from './gas-estimate.js';
import { rawTableItem, tableItem } from './tables.js';
import { accountTransactions, transactionByHash, transactionByVersion } from './transaction-lookup.js';
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
  transaction_by_hash: transactionByHash,
  wait_transaction_by_hash: transactionByHash,
  transaction_by_version: transactionByVersion,
  account_transactions: accountTransactions,
  account_resources: accountResources,
  account_modules: accountModules,
  account_module: accountModule,
  block_by_version: blockByVersion,
  estimate_gas_price: estimateGasPrice,
  events_by_creation_number: eventsByCreationNumber,
  events_by_event_handle: eventsByEventHandle,
  table_item: tableItem,
  raw_table_item: rawTableItem,
} satisfies { [E in EndpointName]?: StateEndpoint<SpecOf<E>> };

export { DEFAULT_LIMITS, endpointMemo, type PageLimits, type StateEndpoint, type EndpointContext } from './context.js';
export { DEFAULT_GAS_ESTIMATION, type GasEstimationConfig } from './gas-estimate.js';
