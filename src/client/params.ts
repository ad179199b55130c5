import { BcsError, UsageError, isBcsError, normalizeAddress, quote, type AddressInput } from '../bcs/index.js';
import { formatStructTag, isValidIdentifier, parseStructTag } from '../move/index.js';

// Path and query parameters, validated before anything is sent and written as the interface reads
// them: addresses in long form, struct tags percent-encoded, integers as decimal strings. Bad input is
// a BcsError naming the parameter (the node would answer 400; failing here costs no round trip).

const U64_MAX = 0xffffffffffffffffn;
const HEX = /^[0-9a-fA-F]{1,64}$/;

function named(e: unknown, param: string): never {
  if (isBcsError(e)) throw e.within(param);
  throw e;
}

/** An account address, with or without `0x`, as `0x` + 64 hex digits. */
export function addressParam(a: AddressInput, param = 'address'): string {
  try {
    // Without `0x` the interface takes any hex digits (the path form); the core insists on 64.
    return normalizeAddress(typeof a === 'string' && HEX.test(a) ? `0x${a}` : a);
  } catch (e) {
    return named(e, param);
  }
}

function integer(v: unknown, max: bigint, param: string, type: string): string {
  let n: bigint;
  if (typeof v === 'bigint') n = v;
  else if (typeof v === 'number' && Number.isSafeInteger(v)) n = BigInt(v);
  else if (typeof v === 'string' && /^(?:0|[1-9][0-9]*)$/.test(v) && v.length <= 20) n = BigInt(v);
  else throw new UsageError('invalid_option', `${param} must be a ${type} (bigint, safe integer or decimal string), got ${quote(v)}`);
  if (n < 0n || n > max) throw new UsageError('invalid_option', `${param} is out of range for ${type}: ${n}`);
  return n.toString();
}

export type IntegerInput = bigint | number | string;

export const u64Param = (v: IntegerInput, param: string): string => integer(v, U64_MAX, param, 'u64');
export const u32Param = (v: IntegerInput, param: string): string => integer(v, 0xffffffffn, param, 'u32');
export const u16Param = (v: IntegerInput, param: string): string => integer(v, 0xffffn, param, 'u16');

/**
 * The balance endpoint's asset type: a fungible-asset metadata address (long form) or a coin's
 * struct tag, parsed and written canonically, then percent-encoded for the path.
 */
export function assetTypeParam(assetType: string, param = 'assetType'): string {
  if (typeof assetType !== 'string') throw new UsageError('invalid_option', `${param} must be a string, got ${quote(assetType)}`);
  if (!assetType.includes('::')) return addressParam(assetType, param);
  try {
    return encodeURIComponent(formatStructTag(parseStructTag(assetType)));
  } catch (e) {
    return named(e, param);
  }
}

/** A struct tag (a resource type), written canonically and percent-encoded for the path. */
export function structTagParam(t: string, param = 'resourceType'): string {
  if (typeof t !== 'string') throw new BcsError('invalid_type', `${param} must be a struct tag string`);
  try {
    return encodeURIComponent(formatStructTag(parseStructTag(t)));
  } catch (e) {
    return named(e, param);
  }
}

/** A transaction hash: `0x` and 64 hex digits, written in lower case. */
export function hashParam(h: unknown, param = 'hash'): string {
  if (typeof h !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(h)) throw new BcsError('invalid_type', `${param} must be 0x and 64 hex digits, got ${quote(h)}`);
  return h.toLowerCase();
}

/** A Move identifier (a module or field name), sent as written. */
export function identifierParam(name: unknown, param: string): string {
  if (typeof name !== 'string' || !isValidIdentifier(name)) throw new BcsError('invalid_identifier', `${param} must be a Move identifier, got ${quote(name)}`);
  return name;
}

/** A page cursor as the node sent it (`X-Aptos-Cursor`: hex of a state key), checked to be hex. */
export function cursorParam(c: unknown, param: string): string {
  if (typeof c !== 'string' || !/^(?:[0-9a-fA-F]{2})+$/.test(c) || c.length > 4096) throw new UsageError('invalid_option', `${param} must be a cursor the node sent (hex), got ${quote(c)}`);
  return c;
}

export function booleanParam(v: unknown, param: string): boolean {
  if (typeof v !== 'boolean') throw new UsageError('invalid_option', `${param} must be a boolean, got ${quote(v)}`);
  return v;
}

/** `?k=v&…` of the defined entries (values already validated and URL-safe), or ''. */
export function query(entries: Record<string, string | undefined>): string {
  let out = '';
  for (const [k, v] of Object.entries(entries)) if (v !== undefined) out += `${out ? '&' : '?'}${k}=${v}`;
  return out;
}
