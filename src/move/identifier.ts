import { BcsError, schema, type Schema } from '../bcs/index.js';
import { ALPHA, charClass, IDENT } from './chars.js';

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
  if (!isValidIdentifier(s)) {
    const shown = typeof s === 'string' ? `'${s}'` : s === null ? 'null' : typeof s;
    throw new BcsError('invalid_identifier', `Invalid ${what} ${shown}: expected [a-zA-Z][a-zA-Z0-9_]* or _[a-zA-Z0-9_]+`);
  }
}

/**
 * BCS `Identifier`: a string. Writing validates the identifier; reading does not, because the node's
 * derived deserializer accepts any UTF-8 string here (validation happens later, in the VM).
 */
export const identifier: Schema<string> = schema({
  name: 'Identifier',
  minSize: 1,
  write(w, v) {
    assertIdentifier(v);
    w.string(v);
  },
  read: (r) => r.string(),
});
