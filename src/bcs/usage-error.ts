import { isNamedError } from './error.js';

/**
 * Misuse that is not about bytes or their text forms: a bad option, URL or header. Thrown by the
 * layers that take options (client, handler) and read headers (records' ledger info); BcsError stays
 * the error of values and their encodings. `code` is a closed set, as BcsError's.
 */
export type UsageErrorCode = 'invalid_option' | 'invalid_url' | 'invalid_header';

export class UsageError extends Error {
  static override readonly name = 'UsageError'; // survives minified builds
  override readonly name = 'UsageError';
  constructor(
    readonly code: UsageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isUsageError(e: unknown): e is UsageError {
  return isNamedError(e, 'UsageError', 'code', 'string');
}
