import { BcsError, fromHex, isBcsError, quote } from '../bcs/index.js';
import { vectorDecl, type Decl, type DeclValue } from '../transactions/internal.js';
import { accountResource, balance } from './account.js';
import { bcsBlock } from './block.js';
import {
  parseAccountDataJson,
  parseBalanceJson,
  parseBlockJson,
  parseTransactionSummaryJson,
  type AccountJson,
  type BlockJson,
  type TransactionSummaryJson,
} from './json-forms.js';
import { transactionSummaries } from './summary.js';
import { transactionOnChainData } from './transaction.js';

// Eight endpoints, listed once: the interface's six (aptos-core api/src/transactions.rs
// `encode_submission`, api/src/accounts.rs `get_account`, `get_account_balance`,
// `get_account_transaction_summaries`, api/src/blocks.rs `get_block_by_height`, api/src/basic.rs
// `healthy`) and the two reads a replica needs beside them (api/src/transactions.rs
// `get_transactions`, api/src/state.rs `get_account_resource`). This table drives both sides: the
// client builds each path and query string from it and validates its arguments by `type`; the http
// layer's router matches its patterns and its handlers read every parameter through it (by
// `apiType`, with the node's error for it). Adding an endpoint is one entry here plus its handler
// in the http layer (docs/architecture.md).

/** The value a parameter holds, as the client validates and writes it. */
export type EndpointParamType = 'address' | 'asset_type' | 'struct_tag' | 'u64' | 'u32' | 'u16' | 'bool';

/**
 * The parameter's type in the node's OpenAPI schema (poem-openapi's name for it): how the node parses
 * it and what its 400 `web_framework_error` names when the text does not parse. A `U64` of
 * api/types (a decimal string) is `string(U64)`; a Rust `u64` is `integer(uint64)`.
 */
export type EndpointApiType =
  | 'string(Address)'
  | 'string(AssetType)'
  | 'string(MoveStructTag)'
  | 'string(U64)'
  | 'integer(uint64)'
  | 'integer(uint32)'
  | 'integer(uint16)'
  | 'boolean';

export interface EndpointParam {
  /** As the node names it (snake_case); the client's option is its camelCase. */
  readonly name: string;
  /** A path parameter is required; a query parameter is optional. */
  readonly in: 'path' | 'query';
  readonly type: EndpointParamType;
  readonly apiType: EndpointApiType;
}

export interface EndpointSpec<J = unknown, B extends Decl | undefined = Decl | undefined> {
  readonly method: 'GET' | 'POST';
  /** Under `/v1`; `{name}` is a path parameter (one segment). */
  readonly path: string;
  readonly params: readonly EndpointParam[];
  /** Reads the JSON answer's body text into its record (throws BcsError on a bad shape). */
  readonly json: (text: string) => J;
  /** The BCS answer's record (Accept: application/x-bcs), or undefined when the endpoint answers JSON only. */
  readonly bcs: B;
}

// Parameters several endpoints share (api/src/accounts.rs, state.rs, transactions.rs).
const ADDRESS = { name: 'address', in: 'path', type: 'address', apiType: 'string(Address)' } as const;
const LEDGER_VERSION = { name: 'ledger_version', in: 'query', type: 'u64', apiType: 'string(U64)' } as const;
const LIMIT = { name: 'limit', in: 'query', type: 'u16', apiType: 'integer(uint16)' } as const;

export const ENDPOINTS = {
  // The signing message as 0x hex; the node refuses BCS requests here (400 bcs_not_supported).
  encode_submission: {
    method: 'POST',
    path: '/transactions/encode_submission',
    params: [],
    json: (text: string): Uint8Array => {
      const hex = JSON.parse(text) as unknown;
      if (typeof hex !== 'string' || !hex.startsWith('0x')) throw new BcsError('invalid_hex', `expected a 0x hex string, got ${quote(hex)}`);
      return fromHex(hex);
    },
    bcs: undefined,
  },
  account: {
    method: 'GET',
    path: '/accounts/{address}',
    params: [ADDRESS, LEDGER_VERSION],
    json: (text: string): AccountJson => {
      const json = JSON.parse(text) as unknown;
      parseAccountDataJson(json);
      return json as AccountJson;
    },
    bcs: accountResource,
  },
  // JSON: a bare number, read from the text exactly (JSON.parse would round it above 2^53).
  balance: {
    method: 'GET',
    path: '/accounts/{address}/balance/{asset_type}',
    params: [ADDRESS, { name: 'asset_type', in: 'path', type: 'asset_type', apiType: 'string(AssetType)' }, LEDGER_VERSION],
    json: parseBalanceJson,
    bcs: balance,
  },
  transaction_summaries: {
    method: 'GET',
    path: '/accounts/{address}/transaction_summaries',
    params: [
      ADDRESS,
      { name: 'start_version', in: 'query', type: 'u64', apiType: 'string(U64)' },
      { name: 'end_version', in: 'query', type: 'u64', apiType: 'string(U64)' },
      LIMIT,
    ],
    json: (text: string): TransactionSummaryJson[] => {
      const json = JSON.parse(text) as unknown;
      if (!Array.isArray(json)) throw new BcsError('invalid_json', `expected an array of transaction summaries, got ${quote(json)}`);
      json.forEach((s, i) => {
        try {
          parseTransactionSummaryJson(s);
        } catch (e) {
          throw isBcsError(e) ? e.within(i) : e;
        }
      });
      return json as TransactionSummaryJson[];
    },
    bcs: transactionSummaries,
  },
  block: {
    method: 'GET',
    path: '/blocks/by_height/{block_height}',
    params: [{ name: 'block_height', in: 'path', type: 'u64', apiType: 'integer(uint64)' }, { name: 'with_transactions', in: 'query', type: 'bool', apiType: 'boolean' }],
    json: (text: string): BlockJson => parseBlockJson(JSON.parse(text)),
    bcs: bcsBlock,
  },
  // api/src/transactions.rs `get_transactions` (paging: api/src/page.rs): committed transactions from
  // `start`. Its JSON is the node's transaction JSON (src/node-json reads it), kept as parsed here.
  transactions: {
    method: 'GET',
    path: '/transactions',
    params: [{ name: 'start', in: 'query', type: 'u64', apiType: 'string(U64)' }, LIMIT],
    json: (text: string): unknown[] => {
      const json = JSON.parse(text) as unknown;
      if (!Array.isArray(json)) throw new BcsError('invalid_json', `expected an array of transactions, got ${quote(json)}`);
      return json;
    },
    bcs: /* @__PURE__ */ vectorDecl(transactionOnChainData),
  },
  // api/src/state.rs `get_account_resource`. Its BCS body is the resource's own bytes, whose layout
  // depends on the type: not decoded here (the client's getAccountResource returns them as sent).
  account_resource: {
    method: 'GET',
    path: '/accounts/{address}/resource/{resource_type}',
    params: [ADDRESS, { name: 'resource_type', in: 'path', type: 'struct_tag', apiType: 'string(MoveStructTag)' }, LEDGER_VERSION],
    json: (text: string): unknown => JSON.parse(text),
    bcs: undefined,
  },
  // JSON only: the node's health check has no BCS form.
  healthy: {
    method: 'GET',
    path: '/-/healthy',
    params: [{ name: 'duration_secs', in: 'query', type: 'u32', apiType: 'integer(uint32)' }],
    json: (text: string): { message: string } => {
      const body = JSON.parse(text) as { message?: unknown } | null;
      if (typeof body?.message !== 'string') throw new BcsError('missing_field', 'health answer without a message');
      return { message: body.message };
    },
    bcs: undefined,
  },
} as const satisfies Record<string, EndpointSpec>;

export type Endpoint = keyof typeof ENDPOINTS;

type BcsEndpoint = { [E in Endpoint]: (typeof ENDPOINTS)[E]['bcs'] extends Decl ? E : never }[Endpoint];

/** The decoded BCS answer of each endpoint that has one. */
export type ResponseBodies = { [E in BcsEndpoint]: (typeof ENDPOINTS)[E]['bcs'] extends infer D extends Decl ? DeclValue<D> : never };

/** The JSON answer of each endpoint, as its table entry reads it. */
export type ResponseJson = { [E in Endpoint]: ReturnType<(typeof ENDPOINTS)[E]['json']> };

/** The table entry of `name`, or undefined for a name that is not an endpoint (own keys only). */
export function endpointSpec(name: unknown): EndpointSpec | undefined {
  return typeof name === 'string' && Object.hasOwn(ENDPOINTS, name) ? ENDPOINTS[name as Endpoint] : undefined;
}
