import { BcsError, isBcsError, vector, type AddressInput, type Schema } from '../bcs/index.js';
import { formatStructTag, parseStructTag } from '../move/index.js';
import { transactionOnChainData, type TransactionOnChainData } from '../records/index.js';
import { addressParam, booleanParam, query, u16Param, u64Param, type IntegerInput } from './params.js';
import { answer, decodeBody, jsonOf, responseError, type Answer } from './response.js';
import { send, type Transport } from './transport.js';
import type { LedgerResult, ResponseFormat } from './types.js';

// The reads a replica needs beside the six endpoints: the transactions listing
// (api/src/transactions.rs `get_transactions`), one account resource (api/src/state.rs
// `get_account_resource`), and the BCS bodies of a block and a listing undecoded, so that a verifier
// hashes the node's own bytes.

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

const BCS = 'application/x-bcs';

/** A struct tag, written canonically and percent-encoded for the path. */
export function resourceTypeParam(t: string, param = 'resourceType'): string {
  if (typeof t !== 'string') throw new BcsError('invalid_type', `${param} must be a struct tag string`);
  try {
    return encodeURIComponent(formatStructTag(parseStructTag(t)));
  } catch (e) {
    if (isBcsError(e)) throw e.within(param);
    throw e;
  }
}

export function ledgerReads(t: Transport): LedgerReads {
  // Built on first use: reading `.schema` at module level would keep the records in every bundle.
  let txList: Schema<TransactionOnChainData[], unknown> | undefined;
  async function get(path: string, accept: string, signal: AbortSignal | undefined): Promise<Answer> {
    const a = answer(await send(t, { method: 'GET', path, accept, signal }));
    const want = accept === BCS ? 'bcs' : 'json';
    if (a.kind !== want) throw responseError(a.res, 'unexpected_content_type', `asked for ${want}, the node answered ${a.kind}`);
    return a;
  }
  const result = <T>(a: Answer, data: T): LedgerResult<T> => ({ data, ledgerInfo: a.ledgerInfo });
  const txPath = (o: TransactionsOptions | undefined) =>
    `/transactions${query({
      start: o?.start === undefined ? undefined : u64Param(o.start, 'start'),
      limit: o?.limit === undefined ? undefined : u16Param(o.limit, 'limit'),
    })}`;

  return {
    async getTransactions(o) {
      const a = await get(txPath(o), BCS, o?.signal);
      return result(a, decodeBody(a, () => (txList ??= vector(transactionOnChainData.schema) as Schema<TransactionOnChainData[], unknown>).decode(a.res.body)));
    },
    async getTransactionsBytes(o) {
      const a = await get(txPath(o), BCS, o?.signal);
      return result(a, a.res.body);
    },
    async getBlockBytes(height, o) {
      const flag = o?.withTransactions === undefined ? undefined : String(booleanParam(o.withTransactions, 'withTransactions'));
      const a = await get(`/blocks/by_height/${u64Param(height, 'height')}${query({ with_transactions: flag })}`, BCS, o?.signal);
      return result(a, a.res.body);
    },
    async getAccountResource(address, resourceType, o) {
      const v = o?.ledgerVersion === undefined ? undefined : u64Param(o.ledgerVersion, 'ledgerVersion');
      const path = `/accounts/${addressParam(address)}/resource/${resourceTypeParam(resourceType)}${query({ ledger_version: v })}`;
      const fmt = o?.format ?? 'bcs';
      if (fmt !== 'bcs' && fmt !== 'json') throw new BcsError('invalid_type', `format must be 'bcs' or 'json'`);
      const a = await get(path, fmt === 'bcs' ? BCS : 'application/json', o?.signal);
      return result(a, fmt === 'bcs' ? a.res.body : decodeBody(a, () => jsonOf(a.res.body)));
    },
  };
}
