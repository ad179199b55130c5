import type { AddressInput } from '../bcs/index.js';
import { ENDPOINTS, type TransactionOnChainData } from '../records/index.js';
import { readEndpoint, readEndpointBytes, responseFormat } from './endpoint-request.js';
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
