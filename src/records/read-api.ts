import { BcsError, quote } from '../bcs/index.js';
import { bytesDecl as bytes, mapDecl as map, stringDecl as string, structDecl as struct, u64Decl as u64, u8Decl as u8, vectorDecl as vector } from '../transactions/internal.js';
import { bcsBlock } from './block.js';
import { contractEvent } from './events.js';
import { parseBlockJson, type BlockJson } from './json-forms.js';
import { moduleId, structTag } from './move-decls.js';
import { transactionData, transactionOnChainData } from './transaction.js';

// The node's read API beyond the interface's six endpoints, and the routes that need its VM or
// mempool, as endpoint-table entries (merged into ENDPOINTS by endpoints.ts). Sources, aptos-core
// api/src: index.rs `get_ledger_info`; transactions.rs `get_transaction_by_hash`,
// `wait_transaction_by_hash`, `get_transaction_by_version`, `get_accounts_transactions`,
// `submit_transaction`, `submit_transactions_batch`, `simulate_transaction`; accounts.rs
// `get_account_resources`, `get_account_modules`; state.rs `get_account_module`, `get_table_item`,
// `get_raw_table_item`; blocks.rs `get_block_by_version`; events.rs
// `get_events_by_creation_number`, `get_events_by_event_handle`; transactions.rs
// `estimate_gas_price`; view_function.rs `view_function`. The BCS bodies: wire-format.md §2.7–2.8.

/**
 * api/types/src/index.rs `IndexResponseBcs`. Its `U64` fields serialize through `to_string()` in
 * every format (api/types move_types.rs `define_integer_type!`), so in BCS each is a string.
 */
export const indexResponseBcs = /* @__PURE__ */ struct('IndexResponseBcs', {
  chainId: u8,
  epoch: string,
  ledgerVersion: string,
  oldestLedgerVersion: string,
  ledgerTimestamp: string,
  /** config RoleType: 0 validator, 1 full node. */
  nodeRole: u8,
  oldestBlockHeight: string,
  blockHeight: string,
});

/** types/src/contract_event.rs `EventWithVersion`. */
export const eventWithVersion = /* @__PURE__ */ struct('EventWithVersion', { transactionVersion: u64, event: contractEvent });

/** api/types/src/transaction.rs `GasEstimationBcs`. */
export const gasEstimationBcs = /* @__PURE__ */ struct('GasEstimationBcs', { gasEstimate: u64 });

/** The JSON of `GET /`: api/types/src/index.rs `IndexResponse`. */
export interface IndexResponseJson {
  chain_id: number;
  epoch: string;
  ledger_version: string;
  oldest_ledger_version: string;
  ledger_timestamp: string;
  node_role: string;
  oldest_block_height: string;
  block_height: string;
  git_hash?: string | null;
}

/** api/types/src/transaction.rs `GasEstimation`: JSON numbers. */
export interface GasEstimationJson {
  deprioritized_gas_estimate?: number;
  gas_estimate: number;
  prioritized_gas_estimate?: number;
}

function jsonOf(kind: 'object' | 'array', what: string): (text: string) => never {
  return ((text: string) => {
    const json = JSON.parse(text) as unknown;
    const ok = kind === 'array' ? Array.isArray(json) : typeof json === 'object' && json !== null && !Array.isArray(json);
    if (!ok) throw new BcsError('invalid_json', `expected ${what}, got ${quote(json)}`);
    return json as never;
  }) as (text: string) => never;
}

const ADDRESS = { name: 'address', in: 'path', type: 'address', apiType: 'string(Address)' } as const;
const LEDGER_VERSION = { name: 'ledger_version', in: 'query', type: 'u64', apiType: 'string(U64)' } as const;
const LIMIT = { name: 'limit', in: 'query', type: 'u16', apiType: 'integer(uint16)' } as const;
const START_U64 = { name: 'start', in: 'query', type: 'u64', apiType: 'string(U64)' } as const;
const CURSOR = { name: 'start', in: 'query', type: 'state_key', apiType: 'string(StateKeyWrapper)' } as const;
const HASH = { name: 'txn_hash', in: 'path', type: 'hash', apiType: 'string(HashValue)' } as const;
const WITH_TRANSACTIONS = { name: 'with_transactions', in: 'query', type: 'bool', apiType: 'boolean' } as const;
const TABLE_HANDLE = { name: 'table_handle', in: 'path', type: 'address', apiType: 'string(Address)' } as const;

const transactions = /* @__PURE__ */ vector(transactionOnChainData);

export const READ_API_ENDPOINTS = {
  ledger_info: { method: 'GET', path: '', params: [], json: jsonOf('object', 'the ledger info') as (t: string) => IndexResponseJson, bcs: indexResponseBcs },
  transaction_by_hash: { method: 'GET', path: '/transactions/by_hash/{txn_hash}', params: [HASH], json: jsonOf('object', 'a transaction'), bcs: transactionData },
  wait_transaction_by_hash: { method: 'GET', path: '/transactions/wait_by_hash/{txn_hash}', params: [HASH], json: jsonOf('object', 'a transaction'), bcs: transactionData },
  transaction_by_version: {
    method: 'GET',
    path: '/transactions/by_version/{txn_version}',
    params: [{ name: 'txn_version', in: 'path', type: 'u64', apiType: 'string(U64)' }],
    json: jsonOf('object', 'a transaction'),
    bcs: transactionData,
  },
  account_transactions: { method: 'GET', path: '/accounts/{address}/transactions', params: [ADDRESS, START_U64, LIMIT], json: jsonOf('array', 'an array of transactions') as (t: string) => unknown[], bcs: transactions },
  account_resources: {
    method: 'GET',
    path: '/accounts/{address}/resources',
    params: [ADDRESS, LEDGER_VERSION, CURSOR, LIMIT],
    json: jsonOf('array', 'an array of resources') as (t: string) => { type: string; data: unknown }[],
    bcs: /* @__PURE__ */ map(structTag, bytes),
  },
  account_modules: {
    method: 'GET',
    path: '/accounts/{address}/modules',
    params: [ADDRESS, LEDGER_VERSION, CURSOR, LIMIT],
    json: jsonOf('array', 'an array of modules') as (t: string) => { bytecode: string; abi?: unknown }[],
    bcs: /* @__PURE__ */ map(moduleId, bytes),
  },
  // BCS: the module's bytes as stored (not decoded here).
  account_module: {
    method: 'GET',
    path: '/accounts/{address}/module/{module_name}',
    params: [ADDRESS, { name: 'module_name', in: 'path', type: 'identifier', apiType: 'string(IdentifierWrapper)' }, LEDGER_VERSION],
    json: jsonOf('object', 'a module') as (t: string) => { bytecode: string; abi?: unknown },
    bcs: undefined,
  },
  block_by_version: {
    method: 'GET',
    path: '/blocks/by_version/{version}',
    params: [{ name: 'version', in: 'path', type: 'u64', apiType: 'integer(uint64)' }, WITH_TRANSACTIONS],
    json: (text: string): BlockJson => parseBlockJson(JSON.parse(text)),
    bcs: bcsBlock,
  },
  estimate_gas_price: { method: 'GET', path: '/estimate_gas_price', params: [], json: jsonOf('object', 'a gas estimation') as (t: string) => GasEstimationJson, bcs: gasEstimationBcs },
  events_by_creation_number: {
    method: 'GET',
    path: '/accounts/{address}/events/{creation_number}',
    params: [ADDRESS, { name: 'creation_number', in: 'path', type: 'u64', apiType: 'string(U64)' }, START_U64, LIMIT],
    json: jsonOf('array', 'an array of events') as (t: string) => unknown[],
    bcs: /* @__PURE__ */ vector(eventWithVersion),
  },
  events_by_event_handle: {
    method: 'GET',
    path: '/accounts/{address}/events/{event_handle}/{field_name}',
    params: [
      ADDRESS,
      { name: 'event_handle', in: 'path', type: 'struct_tag', apiType: 'string(MoveStructTag)' },
      { name: 'field_name', in: 'path', type: 'identifier', apiType: 'string(IdentifierWrapper)' },
      START_U64,
      LIMIT,
    ],
    json: jsonOf('array', 'an array of events') as (t: string) => unknown[],
    bcs: /* @__PURE__ */ vector(eventWithVersion),
  },
  // POST bodies: `TableItemRequest {key_type, value_type, key}` / `RawTableItemRequest {key}` (JSON).
  // BCS answers: the value's bytes as stored.
  table_item: { method: 'POST', path: '/tables/{table_handle}/item', params: [TABLE_HANDLE, LEDGER_VERSION], json: (text: string): unknown => JSON.parse(text), bcs: undefined },
  raw_table_item: { method: 'POST', path: '/tables/{table_handle}/raw_item', params: [TABLE_HANDLE, LEDGER_VERSION], json: (text: string): unknown => JSON.parse(text), bcs: undefined },
  // What needs the node's mempool or VM: forwarded to an upstream node, or refused (src/http/forward.ts).
  submit_transaction: { method: 'POST', path: '/transactions', params: [], json: jsonOf('object', 'a pending transaction'), bcs: undefined },
  submit_transactions_batch: { method: 'POST', path: '/transactions/batch', params: [], json: jsonOf('object', 'a batch result'), bcs: undefined },
  simulate_transaction: {
    method: 'POST',
    path: '/transactions/simulate',
    params: [
      { name: 'estimate_max_gas_amount', in: 'query', type: 'bool', apiType: 'boolean' },
      { name: 'estimate_gas_unit_price', in: 'query', type: 'bool', apiType: 'boolean' },
      { name: 'estimate_prioritized_gas_unit_price', in: 'query', type: 'bool', apiType: 'boolean' },
    ],
    json: jsonOf('array', 'simulated transactions') as (t: string) => unknown[],
    bcs: undefined,
  },
  view: { method: 'POST', path: '/view', params: [LEDGER_VERSION], json: jsonOf('array', 'the returned values') as (t: string) => unknown[], bcs: undefined },
} as const;

