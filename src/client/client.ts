import { BcsError, quote, type AddressInput, type Schema } from '../bcs/index.js';
import type { AbiRegistry } from '../submission/index.js';
import type { JsonValue } from '../transactions/index.js';
import { balanceFromJson, bcsBalance } from './balance.js';
import { addressParam, assetTypeParam, booleanParam, query, u16Param, u32Param, u64Param, type IntegerInput } from './params.js';
import { accountResource, bcsBlock, transactionSummaries, type AccountResource, type BcsBlock, type IndexedTransactionSummary } from './records.js';
import { answer, decodeBody, jsonBody, responseError, type Answer } from './response.js';
import { validRetryPolicy } from './retry.js';
import { encodeSubmissionCall, type EncodedSubmission, type EncodeSubmissionCallOptions } from './submit.js';
import { send, type FetchLike, type Transport } from './transport.js';
import type { LedgerResult, ResponseFormat } from './types.js';

export interface LedgerClientOptions {
  /** The node's address without `/v1`, e.g. `https://node.example/` or `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** Default: the global `fetch`. */
  fetch?: FetchLike;
  /** Sent with every request (Accept and Content-Type are the client's). */
  headers?: Record<string, string>;
  /** Per attempt, headers and body included; default none. */
  timeoutMs?: number;
  /** Extra attempts for GETs answered 503 or not answered (default 0). */
  retries?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** Largest response body read, in bytes (default 64 MiB); a longer one is a `body_too_large` error. */
  maxResponseBytes?: number;
  /** ABIs to verify encode_submission answers with (default: the embedded 0x1 framework). */
  abis?: AbiRegistry;
}

export interface CallOptions {
  signal?: AbortSignal;
}
export interface FormatOption<F extends ResponseFormat> {
  /** `bcs` (default) asks for `application/x-bcs` and decodes it; `json` asks for the node's JSON. */
  format?: F;
}
export interface VersionOptions extends CallOptions {
  ledgerVersion?: IntegerInput;
}
export interface SummariesOptions extends CallOptions {
  startVersion?: IntegerInput;
  endVersion?: IntegerInput;
  limit?: IntegerInput;
}
export interface BlockOptions extends CallOptions {
  withTransactions?: boolean;
}
export interface HealthyOptions extends CallOptions {
  durationSecs?: IntegerInput;
}

/** The node's JSON `AccountData`. */
export interface AccountDataJson {
  sequence_number: string;
  authentication_key: string;
}

type Bcs = FormatOption<'bcs'>;
type AsJson = { format: 'json' };

export interface LedgerClient {
  encodeSubmission(request: unknown, options?: EncodeSubmissionCallOptions): Promise<LedgerResult<EncodedSubmission>>;
  getTransactionSummaries(address: AddressInput, options?: SummariesOptions & Bcs): Promise<LedgerResult<IndexedTransactionSummary[]>>;
  getTransactionSummaries(address: AddressInput, options: SummariesOptions & AsJson): Promise<LedgerResult<JsonValue[]>>;
  getBalance(address: AddressInput, assetType: string, options?: VersionOptions & FormatOption<ResponseFormat>): Promise<LedgerResult<bigint>>;
  healthy(options?: HealthyOptions): Promise<LedgerResult<{ message: string }>>;
  getAccount(address: AddressInput, options?: VersionOptions & Bcs): Promise<LedgerResult<AccountResource>>;
  getAccount(address: AddressInput, options: VersionOptions & AsJson): Promise<LedgerResult<AccountDataJson>>;
  getBlockByHeight(height: IntegerInput, options?: BlockOptions & Bcs): Promise<LedgerResult<BcsBlock>>;
  getBlockByHeight(height: IntegerInput, options: BlockOptions & AsJson): Promise<LedgerResult<JsonValue>>;
}

const BCS = 'application/x-bcs';
const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
const JSON_TYPE = 'application/json';

function transport(o: LedgerClientOptions): Transport {
  if (typeof o !== 'object' || o === null) throw new BcsError('invalid_type', 'client options must be an object');
  let url: URL;
  try {
    url = new URL(o.baseUrl);
  } catch {
    throw new BcsError('invalid_type', `baseUrl must be an absolute URL, got ${quote(o.baseUrl)}`);
  }
  if (url.search !== '' || url.hash !== '') throw new BcsError('invalid_type', 'baseUrl must not have a query or fragment');
  if (o.fetch === undefined && typeof globalThis.fetch !== 'function') throw new BcsError('invalid_type', 'no global fetch: pass options.fetch');
  if (o.fetch !== undefined && typeof o.fetch !== 'function') throw new BcsError('invalid_type', 'options.fetch must be a function');
  const t = o.timeoutMs;
  if (t !== undefined && (typeof t !== 'number' || !Number.isInteger(t) || t <= 0 || t > 2_147_483_647)) {
    throw new BcsError('out_of_range', `timeoutMs must be a positive integer of milliseconds, got ${quote(t)}`);
  }
  const max = o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 0) throw new BcsError('out_of_range', `maxResponseBytes must be a non-negative integer, got ${quote(max)}`);
  return {
    maxResponseBytes: max,
    root: `${url.href.replace(/\/+$/, '')}/v1`,
    // Called unbound: some fetch implementations insist on `this` being the global object.
    fetch: o.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    headers: { ...o.headers },
    timeoutMs: t,
    retry: validRetryPolicy(o.retries, o.retryBaseDelayMs, o.retryMaxDelayMs),
  };
}

function result<T>(a: Answer, data: T): LedgerResult<T> {
  const cursor = a.ledgerInfo.cursor;
  return cursor === undefined ? { data, ledgerInfo: a.ledgerInfo } : { data, ledgerInfo: a.ledgerInfo, cursor };
}

function format(o: FormatOption<ResponseFormat> | undefined): ResponseFormat {
  const f = o?.format ?? 'bcs';
  if (f !== 'bcs' && f !== 'json') throw new BcsError('invalid_type', `format must be 'bcs' or 'json', got ${quote(f)}`);
  return f;
}

const ledgerVersionQuery = (o: VersionOptions | undefined) =>
  query({ ledger_version: o?.ledgerVersion === undefined ? undefined : u64Param(o.ledgerVersion, 'ledgerVersion') });

export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const t = transport(options);
  const abis = options.abis;

  /** GET `path` asking for `fmt`; the node must answer in that format. */
  async function get<T>(path: string, fmt: ResponseFormat, o: CallOptions | undefined, decode: (a: Answer) => T): Promise<LedgerResult<T>> {
    const a = answer(await send(t, { method: 'GET', path, accept: fmt === 'bcs' ? BCS : JSON_TYPE, signal: o?.signal }));
    if (a.kind !== fmt) throw responseError(a.res, 'unexpected_content_type', `asked for ${fmt}, the node answered ${a.kind}`);
    return result(a, decode(a));
  }
  const asJson = <T>(a: Answer) => jsonBody(a) as T;
  const viaBcs = <T>(s: Schema<T, never>) => (a: Answer) => decodeBody(a, () => s.decode(a.res.body));
  const pick = <T>(fmt: ResponseFormat, s: Schema<T, never>) => (fmt === 'bcs' ? viaBcs(s) : asJson);

  return {
    encodeSubmission: async (request, o) => encodeSubmissionCall(t, abis, request, o),

    getTransactionSummaries: (async (address: AddressInput, o?: SummariesOptions & FormatOption<ResponseFormat>) => {
      const q = query({
        start_version: o?.startVersion === undefined ? undefined : u64Param(o.startVersion, 'startVersion'),
        end_version: o?.endVersion === undefined ? undefined : u64Param(o.endVersion, 'endVersion'),
        limit: o?.limit === undefined ? undefined : u16Param(o.limit, 'limit'),
      });
      const fmt = format(o);
      return get(`/accounts/${addressParam(address)}/transaction_summaries${q}`, fmt, o, pick(fmt, transactionSummaries));
    }) as LedgerClient['getTransactionSummaries'],

    getBalance: async (address, assetType, o) => {
      const path = `/accounts/${addressParam(address)}/balance/${assetTypeParam(assetType)}${ledgerVersionQuery(o)}`;
      const fmt = format(o);
      return get(path, fmt, o, fmt === 'bcs' ? viaBcs(bcsBalance) : (a) => decodeBody(a, () => balanceFromJson(a.res.body)));
    },

    healthy: async (o) => {
      const q = query({ duration_secs: o?.durationSecs === undefined ? undefined : u32Param(o.durationSecs, 'durationSecs') });
      // JSON only: the node's health check has no BCS form (api/src/basic.rs `healthy`).
      return get(`/-/healthy${q}`, 'json', o, (a) => {
        const body = jsonBody(a) as { message?: unknown } | null;
        return decodeBody(a, () => {
          if (typeof body?.message !== 'string') throw new BcsError('missing_field', 'health answer without a message');
          return { message: body.message };
        });
      });
    },

    getAccount: (async (address: AddressInput, o?: VersionOptions & FormatOption<ResponseFormat>) => {
      const fmt = format(o);
      return get(`/accounts/${addressParam(address)}${ledgerVersionQuery(o)}`, fmt, o, pick(fmt, accountResource));
    }) as LedgerClient['getAccount'],

    getBlockByHeight: (async (height: IntegerInput, o?: BlockOptions & FormatOption<ResponseFormat>) => {
      const flag = o?.withTransactions === undefined ? undefined : String(booleanParam(o.withTransactions, 'withTransactions'));
      const fmt = format(o);
      return get(`/blocks/by_height/${u64Param(height, 'height')}${query({ with_transactions: flag })}`, fmt, o, pick(fmt, bcsBlock));
    }) as LedgerClient['getBlockByHeight'],
  };
}
