import { normalizeAddress, type Address } from '../bcs/index.js';
import { ApiError } from '../records/index.js';
import { addressProblem, apiAddressText, parseRustInt, parseRustU64, rustDebugString } from '../submission/internal.js';

// Path and query parameters as poem-openapi extracts them for the node's endpoints, with poem's
// texts on failure (400 `web_framework_error`, api/src/error_converter.rs): "failed to parse
// parameter `name`: failed to parse \"type\": reason (occurred while parsing \"optional<type>\")"
// for an optional query parameter, "failed to parse path `name`: …" for a path parameter.

function fail(where: string, name: string, type: string, reason: string, optional: boolean): never {
  const tail = optional ? ` (occurred while parsing "optional<${type}>")` : '';
  throw new ApiError(400, 'web_framework_error', `failed to parse ${where} \`${name}\`: failed to parse "${type}": ${reason}${tail}`);
}

/** The first value of each query parameter (poem reads the first), decoded as a form. */
export function queryParams(query: string): Map<string, string> {
  const out = new Map<string, string>();
  if (query === '') return out;
  for (const [k, v] of new URLSearchParams(query)) if (!out.has(k)) out.set(k, v);
  return out;
}

/** api/types/src/address.rs `Address` (`string(Address)`): 1 to 64 hex digits, `0x` optional. */
export function pathAddress(raw: string): Address {
  try {
    return normalizeAddress(apiAddressText(raw));
  } catch {
    return fail('path', 'address', 'string(Address)', `Invalid account address: ${addressProblem(raw)}`, false);
  }
}

/** api/types `U64` in a query: a decimal string, as Rust's `u64::from_str` reads it. */
export function queryU64(q: Map<string, string>, name: string): bigint | undefined {
  const raw = q.get(name);
  if (raw === undefined) return undefined;
  const r = parseRustU64(raw);
  if (typeof r === 'object') fail('parameter', name, 'string(U64)', `Parsing u64 string ${rustDebugString(raw)} failed, caused by error: ${r.error}`, true);
  return BigInt(r);
}

/** Rust's unsigned `from_str` up to `max` (submission's `parseRustInt`): the value or `ParseIntError`'s text. */
function rustUint(s: string, max: bigint): bigint | string {
  const r = parseRustInt(s, 'u64');
  if (typeof r === 'object') return r.error;
  const v = BigInt(r);
  return v > max ? 'number too large to fit in target type' : v;
}

/** A `u16` query parameter (`integer(uint16)`). */
export function queryU16(q: Map<string, string>, name: string): number | undefined {
  const raw = q.get(name);
  if (raw === undefined) return undefined;
  const v = rustUint(raw, 0xffffn);
  if (typeof v === 'string') fail('parameter', name, 'integer(uint16)', v, true);
  return Number(v);
}

/** A `u32` query parameter (`integer(uint32)`). */
export function queryU32(q: Map<string, string>, name: string): number | undefined {
  const raw = q.get(name);
  if (raw === undefined) return undefined;
  const v = rustUint(raw, 0xffff_ffffn);
  if (typeof v === 'string') fail('parameter', name, 'integer(uint32)', v, true);
  return Number(v);
}

/** A `bool` query parameter (`boolean`): Rust's `bool::from_str`, exactly `true` or `false`. */
export function queryBool(q: Map<string, string>, name: string): boolean | undefined {
  const raw = q.get(name);
  if (raw === undefined) return undefined;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return fail('parameter', name, 'boolean', 'provided string was not `true` or `false`', true);
}

/** A `u64` path parameter (`integer(uint64)`). */
export function pathU64(raw: string, name: string): bigint {
  const v = rustUint(raw, 0xffff_ffff_ffff_ffffn);
  if (typeof v === 'string') fail('path', name, 'integer(uint64)', v, false);
  return v;
}
