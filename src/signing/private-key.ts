import { fromHex, toHex } from '../bcs/index.js';
import { SigningError } from './errors.js';

// Private keys as text: AIP-80's `ed25519-priv-0x…` (the ecosystem's prefixed form) or the raw
// 32-byte seed as hex, with or without `0x`. Errors never echo the text: it is a secret.

export const AIP80_ED25519_PREFIX = 'ed25519-priv-';

export type PrivateKeyInput = string | Uint8Array;

const HEX64 = /^(?:0x)?([0-9a-fA-F]{64})$/;

/** The 32-byte Ed25519 seed of `key` (a fresh copy). */
export function privateKeyBytes(key: PrivateKeyInput): Uint8Array {
  if (key instanceof Uint8Array) {
    if (key.length !== 32) throw new SigningError('invalid_key', `an Ed25519 private key is 32 bytes, got ${key.length}`);
    return key.slice();
  }
  if (typeof key !== 'string') throw new SigningError('invalid_key', 'a private key is a string (AIP-80 or hex) or 32 bytes');
  let text = key.trim();
  if (text.startsWith(AIP80_ED25519_PREFIX)) text = text.slice(AIP80_ED25519_PREFIX.length);
  else if (/^[a-z0-9]+-priv-/.test(text)) {
    throw new SigningError('invalid_key', `only Ed25519 keys are supported (AIP-80 prefix ${AIP80_ED25519_PREFIX})`);
  }
  const m = HEX64.exec(text);
  if (m === null) {
    throw new SigningError('invalid_key', `a private key is ${AIP80_ED25519_PREFIX}0x followed by 64 hex digits, or 64 hex digits (got ${text.length} characters)`);
  }
  // 64 hex digits by HEX64: fromHex cannot fail here (its errors would quote the text).
  return fromHex(m[1]!);
}

/** `key` in AIP-80 form: `ed25519-priv-0x` + 64 lowercase hex digits. */
export function formatPrivateKey(key: PrivateKeyInput): string {
  const bytes = privateKeyBytes(key);
  try {
    return AIP80_ED25519_PREFIX + toHex(bytes);
  } finally {
    bytes.fill(0);
  }
}
