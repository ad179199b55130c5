import { isNamedError } from '../bcs/internal.js';
import { API_ERROR_CODES, type ApiErrorCode, type LedgerInfo } from '../records/index.js';
import type { EncodeSubmissionResult, SigningMessageDifference } from '../submission/index.js';

// The client's failures, one kind per thing a caller reacts to differently: the node refused
// (LedgerApiError), the node could not be reached (LedgerNetworkError), the node answered something
// unreadable (LedgerResponseError), or the node's signing bytes are not the request's
// (SigningMessageMismatchError). Guards are duck-typed on `name`, as `isApiError` is, so they work
// across two bundled copies of the library.

/**
 * Longest error `message` passed through from a response, in characters; a longer one is cut there
 * and says how much was cut (a peer's 10 MiB message must not travel on into logs).
 */
export const MAX_ERROR_MESSAGE_LENGTH = 4096;
/** Longest `error_code` kept as sent (`sentErrorCode`). */
const MAX_SENT_CODE_LENGTH = 64;

function bounded(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}… (${s.length - max} more characters)`;
}

/** An error body from the node (api/types/src/error.rs `AptosError`) with its HTTP status. */
export class LedgerApiError extends Error {
  static override readonly name = 'LedgerApiError'; // survives minified builds
  override readonly name = 'LedgerApiError';
  /**
   * The body's `error_code` when it is one of the interface's (api/types/src/error.rs
   * `AptosErrorCode`), else `unknown_error_code`: a peer's invented code is not passed off as the node's.
   */
  readonly errorCode: ApiErrorCode | 'unknown_error_code';
  /** The `error_code` as sent (cut at 64 characters). */
  readonly sentErrorCode: string;
  constructor(
    readonly status: number,
    errorCode: string,
    /** Cut at MAX_ERROR_MESSAGE_LENGTH characters. */
    message: string,
    readonly vmErrorCode: number | null,
    /** From the `X-SVC-*` headers, when the error response carried them. */
    readonly ledgerInfo: LedgerInfo | undefined,
    readonly method: string,
    readonly url: string,
  ) {
    super(bounded(message, MAX_ERROR_MESSAGE_LENGTH));
    this.errorCode = Object.hasOwn(API_ERROR_CODES, errorCode) ? (errorCode as ApiErrorCode) : 'unknown_error_code';
    this.sentErrorCode = bounded(errorCode, MAX_SENT_CODE_LENGTH);
  }

  /** 410: the requested version or block is older than the node keeps. */
  get isPruned(): boolean {
    return this.status === 410;
  }
}

export type LedgerNetworkErrorKind = 'network' | 'timeout';

/** No HTTP response: connection refused or reset, DNS failure, or no answer within `timeoutMs`. */
export class LedgerNetworkError extends Error {
  static override readonly name = 'LedgerNetworkError'; // survives minified builds
  override readonly name = 'LedgerNetworkError';
  constructor(
    readonly kind: LedgerNetworkErrorKind,
    message: string,
    readonly method: string,
    readonly url: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export type LedgerResponseErrorCode = 'missing_headers' | 'malformed_body' | 'body_too_large' | 'unexpected_status' | 'unexpected_content_type' | 'redirect';

/** A response the client cannot read: headers missing or malformed, body not what the endpoint answers. */
export class LedgerResponseError extends Error {
  static override readonly name = 'LedgerResponseError'; // survives minified builds
  override readonly name = 'LedgerResponseError';
  constructor(
    readonly code: LedgerResponseErrorCode,
    message: string,
    readonly status: number,
    readonly method: string,
    readonly url: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** The node's encode_submission answer encodes something other than the request. */
export class SigningMessageMismatchError extends Error {
  static override readonly name = 'SigningMessageMismatchError'; // survives minified builds
  override readonly name = 'SigningMessageMismatchError';
  constructor(
    /** Every field that differs, e.g. `rawTxn.payload.value.args[1]` for a transfer's amount. */
    readonly differences: SigningMessageDifference[],
    /** What the request encodes to here. */
    readonly expected: EncodeSubmissionResult,
    /** The node's bytes. */
    readonly actual: Uint8Array,
    readonly ledgerInfo: LedgerInfo,
  ) {
    super(`the node's signing message does not match the request: ${differences.slice(0, 4).map((d) => d.field).join(', ')}${differences.length > 4 ? ', …' : ''}`);
  }
}

export function isLedgerApiError(e: unknown): e is LedgerApiError {
  return isNamedError(e, 'LedgerApiError', 'status', 'number');
}

export function isLedgerNetworkError(e: unknown): e is LedgerNetworkError {
  return isNamedError(e, 'LedgerNetworkError', 'kind', 'string');
}

export function isLedgerResponseError(e: unknown): e is LedgerResponseError {
  return isNamedError(e, 'LedgerResponseError', 'code', 'string');
}

export function isSigningMessageMismatchError(e: unknown): e is SigningMessageMismatchError {
  return isNamedError(e, 'SigningMessageMismatchError', 'differences', 'array');
}
