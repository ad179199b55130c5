import { address, writeAddress, BcsError, quote, formatAddress, normalizeAddress, schema, type Address, type AddressInput, type Schema } from '../bcs/index.js';
import { assertIdentifier, isValidIdentifier, writeIdentifier } from './identifier.js';
import type { TypeStringStyle } from './format.js';

/** `0x1::coin` as plain data. */
export interface ModuleId {
  address: Address;
  name: string;
}

export interface ModuleIdInput {
  address: AddressInput;
  name: string;
}

/** `0x1::coin::transfer` as plain data, shaped like the node's `EntryFunctionId { module, name }`. */
export interface EntryFunctionId {
  module: ModuleId;
  name: string;
}

export interface EntryFunctionIdInput {
  module: ModuleIdInput;
  name: string;
}

// The node's API parses these by splitting the string (api/types/src/move_types.rs): a module id at
// the first `::` (`split_once`), an entry function id at the last (`rsplit_once`), so whitespace is
// never allowed and `0x1::a::b::c` fails on the module name `a::b`. The address takes the API's
// forms: `0x` + 1–64 hex digits, or exactly 64 digits without `0x`.

// The node's texts show the id unquoted; a hostile one is cut so the message stays small.
const cut = (s: string): string => (s.length > 200 ? `${s.slice(0, 200)}…` : s);

function moduleIdError(s: string, why: string, code: 'invalid_identifier' | 'invalid_address'): BcsError {
  return new BcsError(code, `Invalid Move module ID: ${cut(s)} (${why})`);
}

function splitModuleId(s: string, wrap: (why: string, code: 'invalid_identifier' | 'invalid_address') => BcsError): ModuleId {
  const i = s.indexOf('::');
  if (i < 0) throw wrap('expected ADDRESS::MODULE', 'invalid_identifier');
  let addr: Address;
  try {
    addr = normalizeAddress(s.slice(0, i));
  } catch {
    throw wrap(`invalid address ${quote(s.slice(0, i))}`, 'invalid_address');
  }
  const name = s.slice(i + 2);
  if (!isValidIdentifier(name)) throw wrap(`invalid module name ${quote(name)}`, 'invalid_identifier');
  return { address: addr, name };
}

/** Parses `ADDRESS::MODULE`, e.g. `0x1::coin`. Errors: `invalid_address`, `invalid_identifier`. */
export function parseModuleId(s: string): ModuleId {
  if (typeof s !== 'string') throw new BcsError('invalid_type', `expected a module id string, got ${s === null ? 'null' : typeof s}`);
  return splitModuleId(s, (why, code) => moduleIdError(s, why, code));
}

/** Parses `ADDRESS::MODULE::FUNCTION`, e.g. `0x1::coin::transfer`. */
export function parseEntryFunctionId(s: string): EntryFunctionId {
  if (typeof s !== 'string') throw new BcsError('invalid_type', `expected an entry function id string, got ${s === null ? 'null' : typeof s}`);
  const wrap = (why: string, code: 'invalid_identifier' | 'invalid_address') => new BcsError(code, `Invalid entry function ID ${cut(s)} (${why})`);
  const i = s.lastIndexOf('::');
  if (i < 0) throw wrap('expected ADDRESS::MODULE::FUNCTION', 'invalid_identifier');
  const module = splitModuleId(s.slice(0, i), (why, code) => wrap(why === 'expected ADDRESS::MODULE' ? 'expected ADDRESS::MODULE::FUNCTION' : why, code));
  const name = s.slice(i + 2);
  if (!isValidIdentifier(name)) throw wrap(`invalid function name ${quote(name)}`, 'invalid_identifier');
  return { module, name };
}

/** `0x1::coin` (canonical: short address, the node's `short_str_lossless`), or with AIP-40 / long addresses. */
export function formatModuleId(m: ModuleIdInput, style: TypeStringStyle = 'canonical'): string {
  assertIdentifier(m.name, 'module name');
  return `${formatAddress(m.address, style === 'canonical' ? 'short' : style)}::${m.name}`;
}

/** `0x1::coin::transfer`. */
export function formatEntryFunctionId(f: EntryFunctionIdInput, style: TypeStringStyle = 'canonical'): string {
  assertIdentifier(f.name, 'function name');
  return `${formatModuleId(f.module, style)}::${f.name}`;
}

/** BCS `ModuleId`: address (32 bytes), then the name as an identifier string. */
export const moduleId: Schema<ModuleId, ModuleIdInput> = /* @__PURE__ */ schema({
  name: 'ModuleId',
  minSize: 32 + 1,
  write(w, v) {
    if (typeof v !== 'object' || v === null) throw new BcsError('invalid_type', 'expected a module id object');
    writeAddress(w, v.address);
    writeIdentifier(w, v.name, 'module name');
  },
  read: (r) => ({ address: address.read(r), name: r.string() }),
});
