import { isNamedError } from '../bcs/internal.js';
// The signing layer's failures. A key is never part of a message: these errors may be logged.

export type SigningErrorCode =
  /** No `crypto.subtle` at all (an old runtime, or a browser page not served over HTTPS). */
  | 'webcrypto_unavailable'
  /** `crypto.subtle` is there but does not implement Ed25519. */
  | 'ed25519_unsupported'
  /** The private key text or bytes are not an Ed25519 key in a form read here. */
  | 'invalid_key'
  /** The keys given do not match the signers the request names. */
  | 'signer_mismatch';

export class SigningError extends Error {
  static override readonly name = 'SigningError'; // survives minified builds
  override readonly name = 'SigningError';
  constructor(
    readonly code: SigningErrorCode,
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

/** Duck-typed on `name` and `code`, so it holds across two bundled copies of the library. */
export function isSigningError(e: unknown): e is SigningError {
  return isNamedError(e, 'SigningError', 'code', 'string');
}
