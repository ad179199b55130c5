import { BcsError, type DecodeOptions } from '../bcs/index.js';
import { accountResource, balance } from './account.js';
import { bcsBlock, type BcsBlock } from './block.js';
import type { DeclValue } from './declare.js';
import { transactionSummaries } from './summary.js';

// The BCS bodies of the interface's endpoints (Accept: application/x-bcs). encode_submission answers
// with the signing message's bytes as JSON hex only, and the health check with JSON only: neither
// has a BCS body to decode (api/src/transactions.rs `encode_submission`, api/src/basic.rs `healthy`).

export type Endpoint = 'encode_submission' | 'transaction_summaries' | 'balance' | 'healthy' | 'account' | 'block';

export interface ResponseBodies {
  transaction_summaries: DeclValue<typeof transactionSummaries>;
  balance: bigint;
  account: DeclValue<typeof accountResource>;
  block: BcsBlock;
}

// A switch rather than a table of `.schema` reads, which bundlers must keep as possible side effects.
function decoderOf(endpoint: unknown) {
  switch (endpoint) {
    case 'transaction_summaries':
      return transactionSummaries.schema;
    case 'balance':
      return balance.schema;
    case 'account':
      return accountResource.schema;
    case 'block':
      return bcsBlock.schema;
    default:
      return undefined;
  }
}

/** Decodes the BCS body of `endpoint`'s response, strictly (trailing bytes are an error). */
export function decodeResponse<E extends keyof ResponseBodies>(endpoint: E, bytes: Uint8Array, options?: DecodeOptions): ResponseBodies[E];
export function decodeResponse(endpoint: Endpoint, bytes: Uint8Array, options?: DecodeOptions): never;
export function decodeResponse(endpoint: Endpoint, bytes: Uint8Array, options?: DecodeOptions): unknown {
  const decoder = decoderOf(endpoint);
  if (decoder) return decoder.decode(bytes, options);
  if (endpoint === 'encode_submission' || endpoint === 'healthy') {
    throw new BcsError('not_supported', `the ${endpoint} endpoint has no BCS body (its response is JSON)`);
  }
  throw new BcsError('invalid_variant', `unknown endpoint ${JSON.stringify(String(endpoint))}`);
}
