import { UsageError, type AddressInput } from '../bcs/index.js';
import { ENDPOINTS, type AccountJson, type BlockJson, type ResponseBodies, type TransactionSummaryJson } from '../records/index.js';
import type { AbiRegistry, EncodeSubmissionRequestJson } from '../submission/index.js';
import { endpointPath, getAnswer, readEndpoint, responseFormat } from './endpoint-request.js';
import type { IntegerInput } from './params.js';
import { ledgerReads, readApi, type LedgerReads, type ReadApi } from './reads.js';
import { decodeBody, ledgerResult, utf8Text } from './response.js';
import { encodeSubmissionCall, type EncodedSubmission, type EncodeSubmissionCallOptions } from './submit.js';
import { transactionCalls, type TransactionCalls } from './transactions.js';
import { createTransport, type TransportOptions } from './transport.js';
import type { LedgerResult, ResponseFormat } from './types.js';

/** The node's address and how to reach it (TransportOptions), and what answers are checked with. */
export interface LedgerClientOptions extends TransportOptions {
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
export interface LedgerClient extends TransactionCalls, LedgerReads, ReadApi {
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

export function createLedgerClient(options: LedgerClientOptions): LedgerClient {
  const t = createTransport(options);
  const abis = options.abis;
  const read = (endpoint: keyof typeof ENDPOINTS, args: readonly unknown[], o: (CallOptions & FormatOption<ResponseFormat>) | undefined) => readEndpoint(t, ENDPOINTS[endpoint], args, o);

  return {
    ...transactionCalls(t),
    ...ledgerReads(t),
    ...readApi(t),
    encodeSubmission: (async (request: unknown, o?: EncodeSubmissionCallOptions) => encodeSubmissionCall(t, abis, request, o)) as LedgerClient['encodeSubmission'],

    getTransactionSummaries: ((address: AddressInput, o?: SummariesOptions & FormatOption<ResponseFormat>) => read('transaction_summaries', [address], o)) as LedgerClient['getTransactionSummaries'],
    getBalance: ((address: AddressInput, assetType: string, o?: VersionOptions & FormatOption<ResponseFormat>) => read('balance', [address, assetType], o)) as LedgerClient['getBalance'],
    healthy: ((o?: HealthyOptions) => read('healthy', [], o)) as LedgerClient['healthy'],
    getAccount: ((address: AddressInput, o?: VersionOptions & FormatOption<ResponseFormat>) => read('account', [address], o)) as LedgerClient['getAccount'],
    getBlockByHeight: (async (height: IntegerInput, o?: BlockOptions & FormatOption<ResponseFormat> & { typed?: boolean }) => {
      if (o?.typed === true && responseFormat(o) === 'json') {
        const reader = options.nodeJson;
        if (!reader) throw new UsageError('invalid_option', 'typed JSON blocks need options.nodeJson: nodeJsonReader() from ledger-bcs/node-json');
        // The text, not JSON.parse's value: a u64 the node writes as a number may exceed 2^53.
        const a = await getAnswer(t, endpointPath(ENDPOINTS.block, [height], o), 'json', o.signal);
        return ledgerResult(a, decodeBody(a, () => reader.block(utf8Text(a.res.body), a.ledgerInfo.chainId)));
      }
      return read('block', [height], o);
    }) as LedgerClient['getBlockByHeight'],
  };
}
