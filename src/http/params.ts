import { fromHex, normalizeAddress, type Address } from '../bcs/index.js';
import { isValidIdentifier, parseStructTag, type StructTag } from '../move/index.js';
import { ApiError, stateKey, type Endpoint, type EndpointApiType, type EndpointParam, type ENDPOINTS, type EndpointSpec } from '../records/index.js';
import { addressProblem, apiAddressText, parseRustInt, parseRustU64, rustDebugString } from '../submission/internal.js';
import type { Exchange } from './exchange.js';
import { accessPath } from '../records/internal.js';

// A route's path and query parameters, read as poem-openapi extracts them for the node's endpoints:
// each by its `apiType` in the endpoint table (records' ENDPOINTS), with poem's text on failure (400
// `web_framework_error`, api/src/error_converter.rs): "failed to parse parameter `name`: failed to
// parse \"type\": reason (occurred while parsing \"optional<type>\")" for a query parameter (all
// optional), "failed to parse path `name`: …" for a path parameter. Read when the handler asks, so a
// handler that memoises by the text as sent (account, balance) parses nothing it has seen before.

/** What a parameter of each OpenAPI type reads as; an `AssetType` stays text (the balance endpoint parses it). */
export type ApiValue<T extends EndpointApiType> = T extends 'string(HashValue)' | 'string(StateKeyWrapper)'
  ? Uint8Array
  : T extends 'string(Address)'
  ? Address
  : T extends 'string(U64)' | 'integer(uint64)'
    ? bigint
    : T extends 'integer(uint32)' | 'integer(uint16)'
      ? number
      : T extends 'boolean'
        ? boolean
        : T extends 'string(MoveStructTag)'
          ? StructTag
          : string;

/** The table entry of one of the library's endpoints. */
export type SpecOf<E extends Endpoint> = (typeof ENDPOINTS)[E];
export type ParamName<S extends EndpointSpec> = S['params'][number]['name'];
type ParamNamed<S extends EndpointSpec, N> = Extract<S['params'][number], { readonly name: N }>;
/** A path parameter's value, or a query parameter's value or undefined when absent. */
export type ArgValue<P> = P extends { readonly in: 'path'; readonly apiType: infer T extends EndpointApiType }
  ? ApiValue<T>
  : P extends { readonly apiType: infer T extends EndpointApiType }
    ? ApiValue<T> | undefined
    : never;

/** What reading a route's parameters needs: its table entry, its path parameters as matched, the exchange. */
export interface RouteArgs<S extends EndpointSpec = EndpointSpec> {
  readonly spec: S;
  /** The path parameters by name, as sent (percent-encoded). */
  readonly params: Readonly<Record<string, string>>;
  readonly ex: Exchange;
  /** The query's first value of each name, once read. */
  queryValues?: Map<string, string>;
}

/** The parameter `name` of the route, read and checked by its type in the table. */
export function arg<S extends EndpointSpec, N extends ParamName<S>>(ctx: RouteArgs<S>, name: N): ArgValue<ParamNamed<S, N>> {
  const p = paramOf(ctx.spec, name);
  if (p.in === 'path') return readParam(p, pathText(ctx.params[name] ?? '')) as ArgValue<ParamNamed<S, N>>;
  const raw = (ctx.queryValues ??= queryParams(ctx.ex.query)).get(name);
  return (raw === undefined ? undefined : readParam(p, raw)) as ArgValue<ParamNamed<S, N>>;
}

/** The path parameter `name` percent-decoded, as poem decodes it (a malformed escape is kept as written). */
export function argText<S extends EndpointSpec>(ctx: RouteArgs<S>, name: ParamName<S>): string {
  return pathText(ctx.params[name] ?? '');
}

/** The node's 400 for parameter `name` of the route, for a handler that reads the text itself (`string(AssetType)`). */
export function argError<S extends EndpointSpec>(ctx: RouteArgs<S>, name: ParamName<S>, reason: string): ApiError {
  return paramError(paramOf(ctx.spec, name), reason);
}

function paramOf(spec: EndpointSpec, name: string): EndpointParam {
  for (const p of spec.params) if (p.name === name) return p;
  throw new TypeError(`${spec.path} has no parameter ${name}`);
}

function paramError(p: EndpointParam, reason: string): ApiError {
  const tail = p.in === 'query' ? ` (occurred while parsing "optional<${p.apiType}>")` : '';
  return new ApiError(400, 'web_framework_error', `failed to parse ${p.in === 'path' ? 'path' : 'parameter'} \`${p.name}\`: failed to parse "${p.apiType}": ${reason}${tail}`);
}

function readParam(p: EndpointParam, raw: string): unknown {
  switch (p.apiType) {
    case 'string(Address)':
      // api/types/src/address.rs `Address`: 1 to 64 hex digits, `0x` optional.
      try {
        return normalizeAddress(apiAddressText(raw));
      } catch {
        throw paramError(p, `Invalid account address: ${addressProblem(raw)}`);
      }
    case 'string(U64)': {
      // api/types `U64`: a decimal string, as Rust's `u64::from_str` reads it.
      const r = parseRustU64(raw);
      if (typeof r === 'object') throw paramError(p, `Parsing u64 string ${rustDebugString(raw)} failed, caused by error: ${r.error}`);
      return BigInt(r);
    }
    case 'integer(uint64)':
      return rustUint(p, raw, 0xffff_ffff_ffff_ffffn);
    case 'integer(uint32)':
      return Number(rustUint(p, raw, 0xffff_ffffn));
    case 'integer(uint16)':
      return Number(rustUint(p, raw, 0xffffn));
    case 'boolean':
      // Rust's `bool::from_str`: exactly `true` or `false`.
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      throw paramError(p, 'provided string was not `true` or `false`');
    case 'string(MoveStructTag)':
      try {
        return parseStructTag(raw);
      } catch (e) {
        throw paramError(p, (e as Error).message);
      }
    case 'string(AssetType)':
      return raw;
    case 'string(HashValue)': {
      // api/types hash.rs: `0x` optional, then aptos-crypto `HashValue::from_hex` (64 hex digits).
      const h = raw.startsWith('0x') ? raw.slice(2) : raw;
      if (!/^[0-9a-fA-F]{64}$/.test(h)) throw paramError(p, 'unable to parse HashValue');
      return fromHex(h);
    }
    case 'string(IdentifierWrapper)':
      // move-core-types identifier.rs `Identifier::from_str`.
      if (!isValidIdentifier(raw)) throw paramError(p, `Invalid identifier '${raw}'`);
      return raw;
    case 'string(StateKeyWrapper)':
      return stateKeyCursor(p, raw);
  }
}

/**
 * api/types wrappers.rs `StateKeyWrapper::from_str`: hex (no `0x`) of `StateKey::encoded()`
 * (hash/state-key.ts), read back as the BCS state key the source takes. For an `AccessPath` key the
 * two are the same bytes; other keys never name an account's resource or module.
 */
function stateKeyCursor(p: EndpointParam, raw: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(raw)) throw paramError(p, 'Failed to decode StateKey as hex string');
  const bytes = fromHex(raw);
  try {
    if (bytes[0] !== 0) throw new Error('not an access path');
    const key = stateKey.schema.decode(bytes);
    accessPath.schema.decode(key.$kind === 'AccessPath' ? key.value.path : new Uint8Array(0));
    return bytes;
  } catch {
    throw paramError(p, 'Failed to decode StateKey from hex string');
  }
}

/** Rust's unsigned `from_str` up to `max` (submission's `parseRustInt`), else `ParseIntError`'s text. */
function rustUint(p: EndpointParam, s: string, max: bigint): bigint {
  const r = parseRustInt(s, 'u64');
  if (typeof r === 'object') throw paramError(p, r.error);
  const v = BigInt(r);
  if (v > max) throw paramError(p, 'number too large to fit in target type');
  return v;
}

/** The first value of each query parameter (poem reads the first), decoded as a form. */
function queryParams(query: string): Map<string, string> {
  const out = new Map<string, string>();
  if (query === '') return out;
  for (const [k, v] of new URLSearchParams(query)) if (!out.has(k)) out.set(k, v);
  return out;
}

function pathText(raw: string): string {
  if (!raw.includes('%')) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// Media types as poem and the node read them (poem's `Accept` and `Content-Type` extraction).

/**
 * poem-openapi `Json::check_content_type`: `application/json`, or any `application/*+json`,
 * parameters allowed. Type names compare case-insensitively, as the `mime` crate does.
 */
export function isJsonContentType(value: string): boolean {
  if (value === 'application/json') return true;
  const semi = value.indexOf(';');
  const essence = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  const slash = essence.indexOf('/');
  if (slash < 0 || essence.slice(0, slash) !== 'application') return false;
  const sub = essence.slice(slash + 1);
  return sub === 'json' || (sub.endsWith('+json') && sub.length > 5 && !/[\s/]/.test(sub));
}

export type AcceptKind = 'json' | 'bcs';

/**
 * api/src/accept_type.rs `parse_accept`: poem's `Accept` lists the header's media types by
 * descending `q`; the first that is `application/json` or `application/x-bcs` wins, else JSON.
 */
export function acceptKind(header: string | undefined): AcceptKind {
  if (header === undefined || header === '') return 'json';
  if (header === 'application/json') return 'json';
  if (header === 'application/x-bcs') return 'bcs';
  let best: AcceptKind = 'json';
  let bestQ = -1;
  for (const item of header.split(',')) {
    const parts = item.split(';');
    const type = parts[0]!.trim().toLowerCase();
    const kind = type === 'application/json' ? 'json' : type === 'application/x-bcs' ? 'bcs' : undefined;
    if (kind === undefined) continue;
    let q = 1;
    for (let i = 1; i < parts.length; i++) {
      const [k, v] = parts[i]!.split('=');
      if (k?.trim().toLowerCase() === 'q' && v !== undefined) q = Number(v.trim());
    }
    if (!(q >= 0)) q = 0;
    // Stable order among equal q: the first listed wins.
    if (q > bestQ) {
      bestQ = q;
      best = kind;
    }
  }
  return best;
}

/** poem's `AcceptType` extraction runs first, before the path and query parameters. */
export function accept(ctx: RouteArgs): AcceptKind {
  return acceptKind(ctx.ex.header('accept'));
}
