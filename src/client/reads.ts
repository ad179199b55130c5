import { toHex, type AddressInput } from '../bcs/index.js';
import { ENDPOINTS, type ResponseBodies, type ResponseJson, type TransactionOnChainData } from '../records/index.js';
import { postEndpoint, readEndpoint, readEndpointBytes, responseFormat, type EndpointCallOptions } from './endpoint-request.js';
import type { IntegerInput } from './params.js';
import type { Transport } from './transport.js';
import type { LedgerResult, ResponseFormat } from './types.js';

// The reads a replica needs beside the six endpoints: the transactions listing
// (api/src/transactions.rs `get_transactions`), one account resource (api/src/state.rs
// `get_account_resource`), and the BCS bodies of a block and a listing undecoded, so that a verifier
// hashes the node's own bytes. Paths, parameters and decoders from the endpoint table.

export interface TransactionsOptions {
  /** First version (default: the node's last page). */
  start?: IntegerInput;
  /** Page size (the node caps it at its `max_transactions_page_size`). */
  limit?: IntegerInput;
  signal?: AbortSignal;
}

export interface ResourceOptions {
  ledgerVersion?: IntegerInput;
  signal?: AbortSignal;
  format?: ResponseFormat;
}

export interface RawBlockOptions {
  withTransactions?: boolean;
  signal?: AbortSignal;
}

/** Options of the read API's calls: the query parameters in camelCase, `format` (`bcs` default where the node has it), `signal`. */
export interface ReadOptions extends EndpointCallOptions {
  ledgerVersion?: IntegerInput;
  /** A sequence number (transactions, events) or a page cursor (resources, modules: `ledgerInfo.cursor` of the page before). */
  start?: IntegerInput | string;
  limit?: IntegerInput;
  withTransactions?: boolean;
}

/** A table item's request: the key as the node's Move JSON of `key_type`. */
export interface TableItemRequest {
  key_type: string;
  value_type: string;
  key: unknown;
}

/**
 * The node's read API beyond the six endpoints (api/src: index.rs, transactions.rs, accounts.rs,
 * state.rs, blocks.rs, events.rs), each through its endpoint-table entry. BCS answers are decoded
 * records where the node's body has one layout; JSON answers are the node's JSON, shape-checked.
 */
export interface ReadApi {
  getLedgerInfo(options?: ReadOptions): Promise<LedgerResult<ResponseBodies['ledger_info'] | ResponseJson['ledger_info']>>;
  getTransactionByVersion(version: IntegerInput, options?: ReadOptions): Promise<LedgerResult<unknown>>;
  getAccountTransactions(address: AddressInput, options?: ReadOptions): Promise<LedgerResult<unknown>>;
  /** A page; `ledgerInfo.cursor` is the next page's `start`, when there is one. */
  getAccountResources(address: AddressInput, options?: ReadOptions): Promise<LedgerResult<unknown>>;
  getAccountModules(address: AddressInput, options?: ReadOptions): Promise<LedgerResult<unknown>>;
  getBlockByVersion(version: IntegerInput, options?: ReadOptions): Promise<LedgerResult<unknown>>;
  estimateGasPrice(options?: ReadOptions): Promise<LedgerResult<ResponseBodies['estimate_gas_price'] | ResponseJson['estimate_gas_price']>>;
  getEventsByCreationNumber(address: AddressInput, creationNumber: IntegerInput, options?: ReadOptions): Promise<LedgerResult<unknown>>;
  getEventsByEventHandle(address: AddressInput, eventHandle: string, fieldName: string, options?: ReadOptions): Promise<LedgerResult<unknown>>;
  /** BCS: the value's bytes as stored; JSON: its Move JSON. */
  getTableItem(handle: AddressInput, request: TableItemRequest, options?: ReadOptions): Promise<LedgerResult<unknown>>;
  /** A module's bytecode as stored (BCS answer of GET /accounts/{a}/module/{name}). */
  getAccountModuleBytes(address: AddressInput, name: string, options?: Omit<ReadOptions, 'format'>): Promise<LedgerResult<Uint8Array>>;
  /** The value's bytes under the raw (BCS) key. */
  getRawTableItem(handle: AddressInput, key: Uint8Array, options?: Omit<ReadOptions, 'format'>): Promise<LedgerResult<Uint8Array>>;
}

export function readApi(t: Transport): ReadApi {
  const read = (name: keyof typeof ENDPOINTS, args: readonly unknown[], o: ReadOptions | undefined) => readEndpoint(t, ENDPOINTS[name], args, o);
  return {
    getLedgerInfo: (o) => read('ledger_info', [], o) as never,
    getTransactionByVersion: (v, o) => read('transaction_by_version', [v], o),
    getAccountTransactions: (a, o) => read('account_transactions', [a], o),
    getAccountResources: (a, o) => read('account_resources', [a], o),
    getAccountModules: (a, o) => read('account_modules', [a], o),
    getBlockByVersion: (v, o) => read('block_by_version', [v], o),
    estimateGasPrice: (o) => read('estimate_gas_price', [], o) as never,
    getEventsByCreationNumber: (a, n, o) => read('events_by_creation_number', [a, n], o),
    getEventsByEventHandle: (a, h, f, o) => read('events_by_event_handle', [a, h, f], o),
    getAccountModuleBytes: (a, name, o) => readEndpointBytes(t, ENDPOINTS.account_module, [a, name], o),
    getTableItem: (h, req, o) => postEndpoint(t, ENDPOINTS.table_item, [h], req, o),
    getRawTableItem: (h, key, o) => postEndpoint(t, ENDPOINTS.raw_table_item, [h], { key: toHex(key) }, { ...o, format: 'bcs' }) as Promise<LedgerResult<Uint8Array>>,
  };
}

export interface LedgerReads {
  /** Committed transactions from `start`: `Vec<TransactionOnChainData>` decoded (BCS only). */
  getTransactions(options?: TransactionsOptions): Promise<LedgerResult<TransactionOnChainData[]>>;
  /** The listing's BCS body as sent (`uleb128 n ‖ n × TransactionOnChainData`). */
  getTransactionsBytes(options?: TransactionsOptions): Promise<LedgerResult<Uint8Array>>;
  /** The block's BCS body as sent (api/types/src/block.rs `BcsBlock`). */
  getBlockBytes(height: IntegerInput, options?: RawBlockOptions): Promise<LedgerResult<Uint8Array>>;
  /**
   * One resource of an account: in BCS (default) the resource's own bytes as stored; in JSON the
   * node's `MoveResource`.
   */
  getAccountResource(address: AddressInput, resourceType: string, options?: ResourceOptions): Promise<LedgerResult<Uint8Array | unknown>>;
}

export function ledgerReads(t: Transport): LedgerReads {
  return {
    getTransactions: (o) => readEndpoint(t, ENDPOINTS.transactions, [], { ...o, format: 'bcs' }) as Promise<LedgerResult<TransactionOnChainData[]>>,
    getTransactionsBytes: (o) => readEndpointBytes(t, ENDPOINTS.transactions, [], o),
    getBlockBytes: (height, o) => readEndpointBytes(t, ENDPOINTS.block, [height], o),
    async getAccountResource(address, resourceType, o) {
      // BCS: the resource's bytes as stored, whose layout depends on the type (not decoded here).
      if (responseFormat(o) === 'bcs') return readEndpointBytes(t, ENDPOINTS.account_resource, [address, resourceType], o);
      return readEndpoint(t, ENDPOINTS.account_resource, [address, resourceType], o);
    },
  };
}
