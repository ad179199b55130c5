import { BcsError, isBcsError, normalizeAddress, quote, type Address } from '../bcs/index.js';
import { isValidIdentifier, parseMoveType, type MoveType } from '../move/index.js';
import type { MoveFunctionJson, MoveModuleJson, MoveStructJson } from './abi-json.js';

// Module ABIs validated once, when they are loaded, into the form the converters read: parameter
// and field types parsed, names checked, functions and structs indexed by name.

export interface AbiFunction {
  name: string;
  visibility: 'private' | 'public' | 'friend';
  isEntry: boolean;
  isView: boolean;
  typeParamCount: number;
  params: MoveType[];
}

export interface AbiField {
  name: string;
  type: MoveType;
}

export interface AbiStruct {
  name: string;
  typeParamCount: number;
  /** A struct's fields; `null` for an enum. */
  fields: AbiField[] | null;
  /** A Move 2 enum's variants in declaration order (the order is the BCS variant index); `null` for a struct. */
  variants: { name: string; fields: AbiField[] }[] | null;
}

export interface AbiModule {
  address: Address;
  name: string;
  functions: ReadonlyMap<string, AbiFunction>;
  structs: ReadonlyMap<string, AbiStruct>;
}

/** `0x…64::name`, the key modules are stored under. */
export function moduleKey(address: Address, name: string): string {
  return `${address}::${name}`;
}

const VISIBILITIES = new Set(['private', 'public', 'friend']);

function invalid(what: string, got: unknown): never {
  throw new BcsError('invalid_json', `invalid module ABI: expected ${what}, got ${quote(got)}`);
}

function at<T>(segment: string | number, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isBcsError(e)) throw e.within(segment);
    throw e;
  }
}

function expectArray(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) invalid(what, v);
  return v;
}

function expectObject(v: unknown, what: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) invalid(what, v);
  return v as Record<string, unknown>;
}

function identifier(v: unknown): string {
  if (typeof v !== 'string' || !isValidIdentifier(v)) invalid('a Move identifier', v);
  return v;
}

function boolField(o: Record<string, unknown>, key: string): boolean {
  const v = o[key];
  if (typeof v !== 'boolean') at(key, () => invalid('a boolean', v));
  return v as boolean;
}

function moveType(v: unknown): MoveType {
  if (typeof v !== 'string') invalid('a Move type string', v);
  return parseMoveType(v);
}

function typeParamCount(v: unknown): number {
  return at('generic_type_params', () => {
    const ps = expectArray(v, 'an array of generic type parameters');
    ps.forEach((p, i) => at(i, () => expectArray(expectObject(p, 'a generic type parameter').constraints, 'an array of abilities')));
    return ps.length;
  });
}

function fields(v: unknown): AbiField[] {
  return expectArray(v, 'an array of fields').map((f, i) =>
    at(i, () => {
      const o = expectObject(f, 'a field');
      return { name: at('name', () => identifier(o.name)), type: at('type', () => moveType(o.type)) };
    }),
  );
}

function parseFunction(json: unknown): AbiFunction {
  const o = expectObject(json, 'a function');
  const visibility = o.visibility;
  if (typeof visibility !== 'string' || !VISIBILITIES.has(visibility)) at('visibility', () => invalid('private, public or friend', visibility));
  return {
    name: at('name', () => identifier(o.name)),
    visibility: visibility as AbiFunction['visibility'],
    isEntry: boolField(o, 'is_entry'),
    isView: o.is_view === undefined ? false : boolField(o, 'is_view'), // absent in older nodes' ABIs
    typeParamCount: typeParamCount(o.generic_type_params),
    params: at('params', () => expectArray(o.params, 'an array of parameter types').map((p, i) => at(i, () => moveType(p)))),
  };
}

function parseStruct(json: unknown): AbiStruct {
  const o = expectObject(json, 'a struct');
  const name = at('name', () => identifier(o.name));
  const count = typeParamCount(o.generic_type_params);
  if (o.is_enum === true) {
    const variants = at('variants', () =>
      expectArray(o.variants, 'an array of enum variants').map((v, i) =>
        at(i, () => {
          const vo = expectObject(v, 'an enum variant');
          return { name: at('name', () => identifier(vo.name)), fields: at('fields', () => fields(vo.fields)) };
        }),
      ),
    );
    return { name, typeParamCount: count, fields: null, variants };
  }
  return { name, typeParamCount: count, fields: at('fields', () => fields(o.fields)), variants: null };
}

/** Validates a module ABI in the interface's JSON form; errors carry the path (`exposed_functions[2].params[1]`). */
/**
 * The ABI of the node's module answer (`/accounts/{a}/module/{m}`: api/types/src/move_types.rs
 * `MoveModuleBytecode { bytecode, abi }`), or `json` itself when it is a bare ABI.
 */
function moduleAbiOf(json: unknown): unknown {
  if (typeof json !== 'object' || json === null || !('bytecode' in json) || 'name' in json) return json;
  const abi = (json as { abi?: unknown }).abi;
  if (abi === undefined || abi === null) throw new BcsError('invalid_json', 'invalid module ABI: the module answer { bytecode, abi } has no abi');
  return abi;
}

export function parseModuleAbi(json: MoveModuleJson | unknown): AbiModule {
  const o = expectObject(moduleAbiOf(json), 'a MoveModule object');
  const address = at('address', () => {
    if (typeof o.address !== 'string') invalid('an address string', o.address);
    return normalizeAddress(o.address);
  });
  const name = at('name', () => identifier(o.name));
  const functions = new Map<string, AbiFunction>();
  at('exposed_functions', () =>
    expectArray(o.exposed_functions, 'an array of functions').forEach((f, i) =>
      at(i, () => {
        const fn = parseFunction(f as MoveFunctionJson);
        if (functions.has(fn.name)) throw new BcsError('invalid_json', `invalid module ABI: function ${fn.name} is listed twice`);
        functions.set(fn.name, fn);
      }),
    ),
  );
  const structs = new Map<string, AbiStruct>();
  at('structs', () =>
    expectArray(o.structs, 'an array of structs').forEach((s, i) =>
      at(i, () => {
        const st = parseStruct(s as MoveStructJson);
        if (structs.has(st.name)) throw new BcsError('invalid_json', `invalid module ABI: struct ${st.name} is listed twice`);
        structs.set(st.name, st);
      }),
    ),
  );
  return { address, name, functions, structs };
}
