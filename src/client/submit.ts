import { BcsError, UsageError, toHex } from '../bcs/index.js';
import { ENDPOINTS } from '../records/index.js';
import { parseRequestBody, verifySigningMessageAsync, type AbiRegistry } from '../submission/index.js';
import { SigningMessageMismatchError } from './errors.js';
import { answer, decodeBody, ledgerResult, responseError, utf8Text } from './response.js';
import { send, type Transport } from './transport.js';
import type { LedgerResult } from './types.js';

// POST /transactions/encode_submission, then the answer checked against the request: the client
// encodes the request itself and compares bytes, so a node cannot make it sign anything else.
// JSON only: the node answers `application/x-bcs` requests here with 400 `bcs_not_supported`
// (api/src/transactions.rs `encode_submission`).

export interface EncodeSubmissionCallOptions {
  /** Check the node's bytes against the request (default true). */
  verify?: boolean;
  /** ABIs to encode the request with when verifying (default: the client's, else the 0x1 framework). */
  abis?: AbiRegistry;
  signal?: AbortSignal;
}

export interface EncodedSubmission {
  /** The bytes to sign: the signing prefix and the BCS raw transaction. */
  signingMessage: Uint8Array;
  /** The node's answer, `0x` hex. */
  hex: string;
  /** Whether the bytes were checked against the request. */
  verified: boolean;
}

function requestText(request: unknown): { text: string; parsed: unknown } {
  // A string is sent as written (serde_json reads numbers beyond 2^53 exactly); an object as JSON.
  if (typeof request === 'string') return { text: request, parsed: parseRequestBody(request) };
  let text: string | undefined;
  try {
    text = JSON.stringify(request);
  } catch (e) {
    throw new BcsError('invalid_json', `the request cannot be written as JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (text === undefined || typeof request !== 'object' || request === null) {
    throw new BcsError('invalid_type', 'the request must be an object or its JSON text');
  }
  return { text, parsed: request };
}

export async function encodeSubmissionCall(
  t: Transport,
  defaultAbis: AbiRegistry | undefined,
  request: unknown,
  options: EncodeSubmissionCallOptions = {},
): Promise<LedgerResult<EncodedSubmission>> {
  const verify = options.verify ?? true;
  if (typeof verify !== 'boolean') throw new UsageError('invalid_option', 'verify must be a boolean');
  const { text, parsed } = requestText(request);
  const { method, path, json } = ENDPOINTS.encode_submission;
  const a = answer(await send(t, { method, path, accept: 'application/json', body: text, signal: options.signal }));
  if (a.kind !== 'json') throw responseError(a.res, 'unexpected_content_type', 'encode_submission answers JSON');
  const signingMessage = decodeBody(a, () => json(utf8Text(a.res.body)));
  const result = { signingMessage, hex: toHex(signingMessage), verified: verify };
  if (verify) {
    const abis = options.abis ?? defaultAbis;
    // A request the local ABIs cannot encode throws its ApiError here: unverifiable bytes are not returned.
    const check = await verifySigningMessageAsync(parsed, signingMessage, { chainId: a.ledgerInfo.chainId, ...(abis ? { abis } : {}) });
    if (!check.ok) throw new SigningMessageMismatchError(check.differences, check.expected, signingMessage, a.ledgerInfo);
  }
  return ledgerResult(a, result);
}
