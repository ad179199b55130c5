import { UsageError, quote, type AddressInput } from '../bcs/index.js';
import {
  ENDPOINTS,
  decodeResponse,
  type AccountJson,
  type BlockJson,
  type Endpoint,
  type EndpointParam,
  type ResponseBodies,
  type TransactionSummaryJson,
} from '../records/index.js';
import type { AbiRegistry, EncodeSubmissionRequestJson } from '../submission/index.js';
import { addressParam, assetTypeParam, booleanParam, query, u16Param, u32Param, u64Param, type IntegerInput } from './params.js';
import { ledgerReads, resourceTypeParam, type LedgerReads } from './reads.js';
import { answer, decodeBody, ledgerResult, responseError, utf8Text, type Answer } from './response.js';
import { validRetryPolicy } from './retry.js';
import { encodeSubmissionCall, type EncodedSubmission, type EncodeSubmissionCallOptions } from './submit.js';
import { transactionCalls, type TransactionCalls } from './transactions.js';
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
  /**
   * Reads the node's JSON of blocks into typed, hash-verified values (`nodeJsonReader()` of
   * `ledger-bcs/node-json`, kept out of this entry because it loads sha3); needed for `typed: true`.
   */
  nodeJson?: NodeJsonReader;
}

/** The node's block JSON → the typed block, every transaction hash-verified (ledger-bcs/node-json). */
export interface NodeJsonReader {
  /** `json`: the body's text (or a parsed value). */
  block(json: unknown, chainId: number): ResponseBodies['block'];
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
/** The node's JSON read into the BCS form's typed value, hash-verified (needs options.nodeJson). */
type AsTypedJson = { format: 'json'; typed: true };

/**
 * BCS answers are the record types (`ResponseBodies`); JSON answers are the node's JSON, checked
 * against the records' JSON forms (the block's transactions, in the node's own JSON, are not).
 */
export interface LedgerClient extends TransactionCalls, LedgerReads {
  /** The request as an object, or its JSON text (sent as written). */
  encodeSubmission(request: EncodeSubmissionRequestJson | string, options?: EncodeSubmissionCallOptions): Promise<LedgerResult<EncodedSubmission>>;
  /** Untrusted input: checked as the node checks it. */
  encodeSubmission(request: unknown, options?: EncodeSubmissionCallOptions): Promise<LedgerResult<EncodedSubmission>>;
  getTransactionSummaries(address: AddressInput, options?: SummariesOptions & Bcs): Promise<LedgerResult<ResponseBodies['transaction_summaries']>>;
  getTransactionSummaries(address: AddressInput, options: SummariesOptions & AsJson): Promise<LedgerResult<TransactionSummaryJson[]>>;
  getBalance(address: AddressInput, assetType: string, options?: VersionOptions & FormatOption<ResponseFormat>): Promise<LedgerResult<bigint>>;
  healthy(options?: HealthyOptions): Promise<LedgerResult<{ message: string }>>;
  getAccount(address: AddressInput, options?: VersionOptions & Bcs): Promise<LedgerResult<ResponseBodies['account']>>;
  getAccount(address: AddressInput, options: VersionOptions & AsJson): Promise<LedgerResult<AccountJson>>;
  getBlockByHeight(height: IntegerInput, options?: BlockOptions & Bcs): Promise<LedgerResult<ResponseBodies['block']>>;
  getBlockByHeight(height: IntegerInput, options: BlockOptions & AsTypedJson): Promise<LedgerResult<ResponseBodies['block']>>;
  getBlockByHeight(height: IntegerInput, options: BlockOptions & AsJson): Promise<LedgerResult<BlockJson>>;
}

const BCS = 'application/x-bcs';
const DEFAULT_MAX_RESPONSE_BYTES = 67_108_864; // 64 MiB, a literal: bundlers keep top-level arithmetic
const DEFAULT_TIMEOUT_MS = 30_000;
const JSON_TYPE = 'application/json';

function transport(o: LedgerClientOptions): Transport {
  if (typeof o !== 'object' || o === null) throw new UsageError('invalid_option', 'client options must be an object');
  let url: URL;
  try {
    url = new URL(o.baseUrl);
  } catch {
    throw new UsageError('invalid_url', `baseUrl must be an absolute URL, got ${quote(o.baseUrl)}`);
  }
  if (url.search !== '' || url.hash !== '') throw new UsageError('invalid_url', 'baseUrl must not have a query or fragment');
  if (o.fetch === undefined && typeof globalThis.fetch !== 'function') throw new UsageError('invalid_option', 'no global fetch: pass options.fetch');
  if (o.fetch !== undefined && typeof o.fetch !== 'function') throw new UsageError('invalid_option', 'options.fetch must be a function');
  const t = o.timeoutMs;
  if (t !== undefined && (typeof t !== 'number' || !Number.isInteger(t) || t <= 0 || t > 2_147_483_647)) {
    throw new UsageError('invalid_option', `timeoutMs must be a positive integer of milliseconds, got ${quote(t)}`);
  }
  const max = o.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (typeof max !== 'number' || !Number.isSafeInteger(max) || max < 0) throw new UsageError('invalid_option', `maxResponseBytes must be a non-negative integer, got ${quote(max)}`);
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

function format(o: FormatOption<ResponseFormat> | undefined): ResponseFormat {
  const f = o?.format ?? 'bcs';
  if (f !== 'bcs' && f !== 'json') throw new UsageError('invalid_option', `format must be 'bcs' or 'json', got ${quote(f)}`);
  return f;
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A parameter's value as the interface reads it, validated by its type in the endpoint table. */
function param(p: EndpointParam, v: unknown): string {
  const name = camel(p.name);
  switch (p.type) {
    case 'address':
      return addressParam(v as AddressInput, name);
    case 'asset_type':
      return assetTypeParam(v as string, name);
    case 'u64':
      return u64Param(v as IntegerInput, name);
    case 'u32':
      return u32Param(v as IntegerInput, name);
    case 'u16':
      return u16Param(v as IntegerInput, name);
    case 'bool':
      return String(booleanParam(v, name));
    case 'struct_tag':
      return resourceTypeParam(v as string, name);
  }
}

/**
 * `endpoint`'s path and query under `/v1`, from the endpoint table: path parameters from `args` (in
 * the pattern's order), query parameters from the options of the same name in camelCase.
 */
function target(endpoint: Endpoint, args: readonly unknown[], o: object | undefined): string {
  const spec = ENDPOINTS[endpoint];
  let i = 0;
  const values: Record<string, string> = {};
  const q: Record<string, string | undefined> = {};
  for (const p of spec.params) {
    if (p.in === 'path') values[p.name] = param(p, args[i++]);
    else {
      const v = (o as Record<string, unknown> | undefined)?.[camel(p.name)];
      q[p.name] = v === undefined ? undefined : param(p, v);
    }
  }
  return spec.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!) + query(q);
}

export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const t = transport(options);
  const abis = options.abis;

  /** GET `path` asking for `fmt`; the node must answer in that format. */
  async function get<T>(path: string, fmt: ResponseFormat, o: CallOptions | undefined, decode: (a: Answer) => T): Promise<LedgerResult<T>> {
    const a = answer(await send(t, { method: 'GET', path, accept: fmt === 'bcs' ? BCS : JSON_TYPE, signal: o?.signal }));
    if (a.kind !== fmt) throw responseError(a.res, 'unexpected_content_type', `asked for ${fmt}, the node answered ${a.kind}`);
    return ledgerResult(a, decode(a));
  }
  /** GETs `endpoint`: its BCS record decoded, or its JSON read by the table's reader. */
  async function read(endpoint: Endpoint, args: readonly unknown[], o: (CallOptions & FormatOption<ResponseFormat>) | undefined) {
    const spec = ENDPOINTS[endpoint];
    const fmt = spec.bcs === undefined ? 'json' : format(o);
    const path = target(endpoint, args, o);
    return get(path, fmt, o, (a) => decodeBody(a, () => (fmt === 'bcs' ? decodeResponse(endpoint as keyof ResponseBodies, a.res.body, { deadline: a.res.deadline }) : spec.json(utf8Text(a.res.body)))));
  }

  return {
    ...transactionCalls(t),
    ...ledgerReads(t),
    encodeSubmission: (async (request: unknown, o?: EncodeSubmissionCallOptions) => encodeSubmissionCall(t, abis, request, o)) as LedgerClient['encodeSubmission'],

    getTransactionSummaries: ((address: AddressInput, o?: SummariesOptions & FormatOption<ResponseFormat>) => read('transaction_summaries', [address], o)) as LedgerClient['getTransactionSummaries'],
    getBalance: ((address: AddressInput, assetType: string, o?: VersionOptions & FormatOption<ResponseFormat>) => read('balance', [address, assetType], o)) as LedgerClient['getBalance'],
    healthy: ((o?: HealthyOptions) => read('healthy', [], o)) as LedgerClient['healthy'],
    getAccount: ((address: AddressInput, o?: VersionOptions & FormatOption<ResponseFormat>) => read('account', [address], o)) as LedgerClient['getAccount'],
    getBlockByHeight: (async (height: IntegerInput, o?: BlockOptions & FormatOption<ResponseFormat> & { typed?: boolean }) => {
      if (o?.typed === true && format(o) === 'json') {
        const reader = options.nodeJson;
        if (!reader) throw new UsageError('invalid_option', 'typed JSON blocks need options.nodeJson: nodeJsonReader() from ledger-bcs/node-json');
        // The text, not JSON.parse's value: a u64 the node writes as a number may exceed 2^53.
        return get(target('block', [height], o), 'json', o, (a) => decodeBody(a, () => reader.block(utf8Text(a.res.body), a.ledgerInfo.chainId)));
      }
      return read('block', [height], o);
    }) as LedgerClient['getBlockByHeight'],
  };
}
