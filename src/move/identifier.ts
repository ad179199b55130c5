import { BcsError, quote, schema, type BcsWriter, type Schema } from '../bcs/index.js';
import { ALPHA, CHAR_CLASS, charClass, IDENT } from './chars.js';

/**
 * A Move identifier: `[a-zA-Z][a-zA-Z0-9_]*` or `_[a-zA-Z0-9_]+` (ASCII only), the rule of the
 * node's `identifier::is_valid`. The node also admits the pseudo-identifier `<SELF>` for compiled
 * scripts; it never appears in a type or function name a client writes, so it is not accepted here.
 */
export function isValidIdentifier(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const n = s.length;
  if (n === 0) return false;
  const first = charClass(s.charCodeAt(0));
  if ((first & ALPHA) === 0) {
    if (s.charCodeAt(0) !== 95 || n === 1) return false;
  }
  for (let i = 1; i < n; i++) if ((charClass(s.charCodeAt(i)) & IDENT) === 0) return false;
  return true;
}

/** Throws `invalid_identifier` unless `s` is a valid Move identifier; `what` names it in the message. */
export function assertIdentifier(s: unknown, what = 'identifier'): asserts s is string {
  if (!isValidIdentifier(s)) throw identifierError(s, what);
}

function identifierError(s: unknown, what: string): BcsError {
  return new BcsError('invalid_identifier', `Invalid ${what} ${quote(s)}: expected [a-zA-Z][a-zA-Z0-9_]* or _[a-zA-Z0-9_]+`);
}

/**
 * Writes an identifier as BCS (uleb length ‖ ASCII), validating it while it is copied: identifiers
 * are on every transaction's hot path (module, function and struct names). Anything unusual, and
 * every error, goes through the general path.
 */
export function writeIdentifier(w: BcsWriter, s: string, what = 'identifier'): void {
  const n = typeof s === 'string' ? s.length : 0;
  const c0 = n > 0 ? s.charCodeAt(0) : 0;
  let ok = c0 < 128 && ((CHAR_CLASS[c0] & ALPHA) !== 0 || (c0 === 95 && n > 1));
  const start = w.off;
  w.length(n);
  w.ensure(n);
  const b = w.buf;
  let o = w.off;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || (CHAR_CLASS[c] & IDENT) === 0) ok = false;
    b[o++] = c;
  }
  // Validated while copied; on failure the writer is left where it was.
  if (!ok) {
    w.off = start;
    throw identifierError(s, what);
  }
  w.off = o;
}

/**
 * BCS `Identifier`: a string. Writing validates the identifier; reading does not, because the node's
 * derived deserializer accepts any UTF-8 string here (validation happens later, in the VM).
 */
export const identifier: Schema<string> = /* @__PURE__ */ schema({
  name: 'Identifier',
  minSize: 1,
  write: (w, v) => writeIdentifier(w, v),
  read: (r) => r.string(),
});
