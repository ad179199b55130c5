/**
 * Misuse that is not about bytes or their text forms: a bad option, URL or header. Thrown by the
 * layers that take options (client, handler) and read headers (records' ledger info); BcsError stays
 * the error of values and their encodings. `code` is a closed set, as BcsError's.
 */
export type UsageErrorCode = 'invalid_option' | 'invalid_url' | 'invalid_header';

export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    readonly code: UsageErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isUsageError(e: unknown): e is UsageError {
  // Duck-typed, as isBcsError: `instanceof` breaks when two copies of the library are bundled.
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'UsageError' &&
    typeof (e as { code?: unknown }).code === 'string';
}
