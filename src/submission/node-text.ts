import { nibbleAt } from '../bcs/internal.js';

// The node's texts for addresses and hex strings that do not parse, computed on the failure path
// only (the core's parsers decide validity; these explain it as the node does).

/**
 * The interface's `Address::from_str` (api/types/src/address.rs) reads `0x` and the bare form alike:
 * 1 to 64 hex digits, left-padded to 32 bytes ("invalid" fails at position 57 of the padded form).
 * Returns the string in the `0x` form the core's parser takes.
 */
export function apiAddressText(s: string): string {
  return s.charCodeAt(0) === 48 && s.charCodeAt(1) === 120 ? s : `0x${s}`;
}

/** Why `s` is not an address, in move-core `AccountAddressParseError`'s words (account_address.rs). */
export function addressProblem(s: string): string {
  const start = s.startsWith('0x') ? 2 : 0;
  const digits = s.length - start;
  if (digits === 0) return 'Hex string is too short, must be 1 to 64 chars long, excluding the leading 0x';
  if (digits > 64) return 'Hex string is too long, must be 1 to 64 chars long, excluding the leading 0x';
  let i = start;
  while (nibbleAt(s, i) >= 0) i++;
  // The position counts within the zero-padded 64-digit form.
  return `Hex characters are invalid: Invalid character '${s[i]}' at position ${i - start + 64 - digits}`;
}

/** The `hex` crate's `FromHexError` for `s` after a lowercase `0x` is stripped (HexEncodedBytes::from_str). */
export function hexProblem(s: string): string {
  const start = s.startsWith('0x') ? 2 : 0;
  if ((s.length - start) % 2 !== 0) return 'Odd number of digits';
  let i = start;
  while (nibbleAt(s, i) >= 0) i++;
  return `Invalid character '${s[i]}' at position ${i - start}`;
}
