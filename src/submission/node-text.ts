import { nibbleAt } from '../bcs/hex.js';

// The node's texts for addresses and hex strings that do not parse, computed on the failure path
// only (the core's parsers decide validity; these explain it as the node does).

/** move-core `AccountAddressParseError` for `s` (account_address.rs), as `Address::from_str` reports it. */
export function addressProblem(s: string): string {
  const prefixed = s.startsWith('0x');
  const start = prefixed ? 2 : 0;
  const digits = s.length - start;
  if (!prefixed && digits !== 64) return 'Hex string must start with a leading 0x';
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
