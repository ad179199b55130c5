import { BcsError, bcs } from '../bcs/index.js';

// The balance endpoint answers a bare u64 (api/src/accounts.rs `balance`): BCS as 8 bytes, JSON as
// a number, which JSON.parse would round above 2^53, so the text is read directly. A decimal string
// is accepted too, the form the interface gives every other u64.

export const bcsBalance = bcs.u64;

const U64_MAX = (1n << 64n) - 1n;

export function balanceFromJson(body: Uint8Array): bigint {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(body).trim();
  const m = /^(?:"(0|[1-9][0-9]{0,19})"|(0|[1-9][0-9]{0,19}))$/.exec(text);
  if (m === null) throw new BcsError('invalid_json', `balance is not a u64: ${JSON.stringify(text.slice(0, 64))}`);
  const v = BigInt(m[1] ?? m[2]!);
  if (v > U64_MAX) throw new BcsError('out_of_range', `balance is out of range for u64: ${v}`);
  return v;
}
