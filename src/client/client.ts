import { BcsError, quote, type AddressInput } from '../bcs/index.js';
import {
  decodeResponse,
  parseAccountDataJson,
  parseBalanceJson,
  parseBlockJson,
  parseTransactionSummaryJson,
  type AccountJson,
  type BlockJson,
  type ResponseBodies,
  type TransactionSummaryJson,
} from '../records/index.js';
import type { AbiRegistry } from '../submission/index.js';
import { addressParam, assetTypeParam, booleanParam, query, u16Param, u32Param, u64Param, type IntegerInput } from './params.js';
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
  /**
   * Per attempt: the request, the answer's body and its decoding (default 30 000). A call with
   * retries may take (retries + 1) × timeoutMs plus the waits between attempts.
   */
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

type Bcs = FormatOption<'bcs'>;
type AsJson = { format: 'json' };

/**
 * BCS answers are the record types (`ResponseBodies`); JSON answers are the node's JSON, checked
 * against the records' JSON forms (the block's transactions, in the node's own JSON, are not).
 */
export interface LedgerClient {
  encodeSubmission(request: unknown, options?: EncodeSubmissionCallOptions): Promise<LedgerResult<EncodedSubmission>>;
  getTransactionSummaries(address: AddressInput, options?: SummariesOptions & Bcs): Promise<LedgerResult<ResponseBodies['transaction_summaries']>>;
  getTransactionSummaries(address: AddressInput, options: SummariesOptions & AsJson): Promise<LedgerResult<TransactionSummaryJson[]>>;
  getBalance(address: AddressInput, assetType: string, options?: VersionOptions & FormatOption<ResponseFormat>): Promise<LedgerResult<bigint>>;
  healthy(options?: HealthyOptions): Promise<LedgerResult<{ message: string }>>;
  getAccount(address: AddressInput, options?: VersionOptions & Bcs): Promise<LedgerResult<ResponseBodies['account']>>;
  getAccount(address: AddressInput, options: VersionOptions & AsJson): Promise<LedgerResult<AccountJson>>;
  getBlockByHeight(height: IntegerInput, options?: BlockOptions & Bcs): Promise<LedgerResult<ResponseBodies['block']>>;
  getBlockByHeight(height: IntegerInput, options: BlockOptions & AsJson): Promise<LedgerResult<BlockJson>>;
}

const BCS = 'application/x-bcs';
const DEFAULT_MAX_RESPONSE_BYTES = 67_108_864; // 64 MiB, a literal: bundlers keep top-level arithmetic
const DEFAULT_TIMEOUT_MS = 30_000;
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
    headers: callerHeaders(o.headers),
    timeoutMs: t ?? DEFAULT_TIMEOUT_MS,
    retry: validRetryPolicy(o.retries, o.retryBaseDelayMs, o.retryMaxDelayMs),
  };
}

/**
 * The caller's headers without Accept and Content-Type, in any spelling: those are the client's
 * (a `Accept` beside the client's `accept` would be sent as one joined value, and the node could
 * answer in a format the call did not ask for).
 */
function callerHeaders(h: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) {
    const name = k.toLowerCase();
    if (name !== 'accept' && name !== 'content-type') out[k] = v;
  }
  return out;
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

const utf8 = (b: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(b);

function summariesJson(j: unknown): TransactionSummaryJson[] {
  if (!Array.isArray(j)) throw new BcsError('invalid_json', `expected an array of transaction summaries, got ${quote(j)}`);
  j.forEach((s, i) => {
    try {
      parseTransactionSummaryJson(s);
    } catch (e) {
      throw e instanceof BcsError ? e.within(i) : e;
    }
  });
  return j as TransactionSummaryJson[];
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
  /** The BCS body of `endpoint`, or the JSON body checked by `check` (which throws on a bad shape). */
  const body = <E extends keyof ResponseBodies, J>(fmt: ResponseFormat, endpoint: E, check: (json: unknown) => J) => (a: Answer): ResponseBodies[E] | J => {
    if (fmt === 'bcs') return decodeBody(a, () => decodeResponse(endpoint, a.res.body, { deadline: a.res.deadline }));
    const json = jsonBody(a);
    return decodeBody(a, () => check(json));
  };

  return {
    encodeSubmission: async (request, o) => encodeSubmissionCall(t, abis, request, o),

    getTransactionSummaries: (async (address: AddressInput, o?: SummariesOptions & FormatOption<ResponseFormat>) => {
      const q = query({
        start_version: o?.startVersion === undefined ? undefined : u64Param(o.startVersion, 'startVersion'),
        end_version: o?.endVersion === undefined ? undefined : u64Param(o.endVersion, 'endVersion'),
        limit: o?.limit === undefined ? undefined : u16Param(o.limit, 'limit'),
      });
      const fmt = format(o);
      return get(`/accounts/${addressParam(address)}/transaction_summaries${q}`, fmt, o, body(fmt, 'transaction_summaries', summariesJson));
    }) as LedgerClient['getTransactionSummaries'],

    getBalance: async (address, assetType, o) => {
      const path = `/accounts/${addressParam(address)}/balance/${assetTypeParam(assetType)}${ledgerVersionQuery(o)}`;
      const fmt = format(o);
      // JSON: a bare number, read from the text exactly (JSON.parse would round it above 2^53).
      return get(path, fmt, o, fmt === 'bcs' ? (a) => decodeBody(a, () => decodeResponse('balance', a.res.body, { deadline: a.res.deadline })) : (a) => decodeBody(a, () => parseBalanceJson(utf8(a.res.body))));
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
      return get(`/accounts/${addressParam(address)}${ledgerVersionQuery(o)}`, fmt, o, body(fmt, 'account', (j) => (parseAccountDataJson(j), j as AccountJson)));
    }) as LedgerClient['getAccount'],

    getBlockByHeight: (async (height: IntegerInput, o?: BlockOptions & FormatOption<ResponseFormat>) => {
      const flag = o?.withTransactions === undefined ? undefined : String(booleanParam(o.withTransactions, 'withTransactions'));
      const fmt = format(o);
      return get(`/blocks/by_height/${u64Param(height, 'height')}${query({ with_transactions: flag })}`, fmt, o, body(fmt, 'block', parseBlockJson));
    }) as LedgerClient['getBlockByHeight'],
  };
}
