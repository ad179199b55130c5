// One lookup table for every scanner in this layer, so the hot loops index a typed array
// instead of running regexes or chained comparisons per character. Hex digits are not here: the
// core's `nibbleAt`/`hexDigitsInto` (src/bcs/hex.ts) scan them, for addresses everywhere.

export const IDENT = 1; // [a-zA-Z0-9_]
export const ALPHA = 2; // [a-zA-Z]
export const DIGIT = 8; // [0-9]

export const CHAR_CLASS = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) t[c] = IDENT | DIGIT;
  for (let c = 65; c <= 90; c++) t[c] = IDENT | ALPHA;
  for (let c = 97; c <= 122; c++) t[c] = IDENT | ALPHA;
  t[95] = IDENT;
  return t;
})();

/** Class bits of the UTF-16 code unit `c` (0 for anything outside ASCII). */
export function charClass(c: number): number {
  return c < 128 ? CHAR_CLASS[c] : 0;
}

/** Rust's `char::is_ascii_whitespace`: space, \t, \n, \x0C, \r (not \x0B). Not in the table:
 * only the type parser skips whitespace, and the table is on every transaction's path. */
export function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13 && c !== 11);
}
