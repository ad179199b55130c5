import { BcsError, BcsReader, compareBytes, formatAddress, isBcsError, toHex } from '../bcs/index.js';
import {
  readModuleSignature,
  readScriptSignature,
  type ModuleSignature,
  type MoveFunctionParam,
  type MoveType,
} from '../move/index.js';
import type { MoveAbilityJson, MoveFunctionJson, MoveModuleBytecodeJson, MoveModuleJson, MoveStructJson } from '../submission/index.js';

// `MoveModuleBytecode` and `MoveScriptBytecode` (api/types/src/move_types.rs) as the node writes
// them: the bytecode in hex and, when it deserializes, the ABI (`try_parse_abi`; bytecode that does
// not deserialize is written without one, never refused). The ABI is the node's `MoveModule` /
// `MoveFunction` (api/types/src/bytecode.rs `new_move_function`, `new_move_struct`):
// * exposed functions are the public, friend and entry ones, in definition order;
// * `is_view` and `is_event` come from the module's `aptos::metadata_v1` attributes (not for a
//   version 5 module: `get_metadata_from_compiled_code` clears them there);
// * a struct's type parameters are written with their constraints only (`is_phantom` is skipped
//   in the API's JSON);
// * a Move 2 enum is written with no fields (the node's TODO #13806), so node ABIs carry no
//   variants;
// * types are written as the API's `MoveType` Display: addresses short, `vector<T>`, `&mut T`,
//   `T0`, function types `|a,b|r` (without their abilities).

/** `MoveScriptBytecode`: the bytecode and the ABI of its `main`, `null` when it does not parse. */
export interface MoveScriptBytecodeJson {
  bytecode: string;
  abi: MoveFunctionJson | null;
}

const ABILITIES: readonly MoveAbilityJson[] = ['copy', 'drop', 'store', 'key'];

function abilities(bits: number): MoveAbilityJson[] {
  return ABILITIES.filter((_, i) => (bits & (1 << i)) !== 0);
}

/** A Move type as the API's `MoveType` Display writes it. */
export function moveTypeString(t: MoveType): string {
  switch (t.$kind) {
    case 'vector':
      return `vector<${moveTypeString(t.value)}>`;
    case 'struct': {
      const s = t.value;
      const head = `${formatAddress(s.address, 'short')}::${s.module}::${s.name}`;
      return s.typeArgs.length === 0 ? head : `${head}<${s.typeArgs.map(moveTypeString).join(', ')}>`;
    }
    case 'generic':
      return `T${t.value}`;
    case 'reference':
      return `&${moveTypeString(t.value)}`;
    case 'mutableReference':
      return `&mut ${moveTypeString(t.value)}`;
    case 'function': {
      const p = (x: MoveFunctionParam) => (x.$kind === 'value' ? moveTypeString(x.value) : moveTypeString({ $kind: x.$kind, value: x.value }));
      return `|${t.value.args.map(p).join(',')}|${t.value.results.map(p).join(',')}`;
    }
    default:
      return t.$kind;
  }
}

const METADATA_V1 = 'aptos::metadata_v1';
/** `KnownAttributeKind`: LegacyViewFunction 0 and ViewFunction 1 both mark a view function; Event 4. */
const VIEW_FUNCTION = [0, 1];
const EVENT = [4];

/**
 * Attribute kinds by function and struct name, from `aptos::metadata_v1`, as
 * `get_metadata_from_compiled_code` (types/src/vm/module_metadata.rs) reads them: none when the
 * metadata does not decode, and none for a version 5 module (its attributes are cleared there).
 */
function attributes(m: ModuleSignature): { functions: Map<string, number[]>; structs: Map<string, number[]> } | undefined {
  if (m.version === 5) return undefined;
  const entry = m.metadata.find((e) => e.key.length === METADATA_V1.length && String.fromCharCode(...e.key) === METADATA_V1);
  if (!entry) return undefined;
  try {
    const r = new BcsReader(entry.value);
    // bcs reads a BTreeMap only in canonical order: each key's *encoded* bytes (a string's uleb
    // length first, a u64 little-endian) strictly greater than the previous key's.
    const ordered = (readKey: () => void) => {
      let previous: Uint8Array | undefined;
      return () => {
        const start = r.off;
        readKey();
        const key = entry.value.subarray(start, r.off);
        if (previous !== undefined && !(compareBytes(previous, key) < 0)) throw new BcsError('non_canonical_map', 'metadata keys out of order');
        previous = key;
      };
    };
    const errors = r.length(9);
    const errorKey = ordered(() => r.u64());
    for (let i = 0; i < errors; i++) {
      errorKey();
      r.string();
      r.string();
    }
    const map = () => {
      const out = new Map<string, number[]>();
      let name = '';
      const nameKey = ordered(() => (name = r.string()));
      const n = r.length(2);
      for (let i = 0; i < n; i++) {
        nameKey();
        const kinds: number[] = [];
        const attrs = r.length(2);
        for (let j = 0; j < attrs; j++) {
          kinds.push(r.u8());
          const args = r.length(1);
          for (let k = 0; k < args; k++) r.string();
        }
        out.set(name, kinds);
      }
      return out;
    };
    const structs = map();
    const functions = map();
    if (r.off !== r.end) return undefined;
    return { functions, structs };
  } catch {
    return undefined; // the node's get_metadata ignores metadata it cannot read
  }
}

/** The node's `MoveModule` of a parsed module. */
function moduleAbiJson(m: ModuleSignature): MoveModuleJson {
  const attrs = attributes(m);
  const has = (table: Map<string, number[]> | undefined, name: string, kinds: number[]) => table?.get(name)?.some((k) => kinds.includes(k)) ?? false;
  return {
    address: formatAddress(m.address, 'short'),
    name: m.name,
    friends: m.friends.map((f) => `${formatAddress(f.address, 'short')}::${f.name}`),
    exposed_functions: m.functions
      .filter((f) => f.isEntry || f.visibility !== 'private')
      .map((f) => ({
        name: f.name,
        visibility: f.visibility,
        is_entry: f.isEntry,
        is_view: has(attrs?.functions, f.name, VIEW_FUNCTION),
        generic_type_params: f.typeParams.map((bits) => ({ constraints: abilities(bits) })),
        params: f.params.map(moveTypeString),
        return: f.returns.map(moveTypeString),
      })),
    structs: m.structs.map(
      (s): MoveStructJson => ({
        name: s.name,
        is_native: s.isNative,
        is_event: has(attrs?.structs, s.name, EVENT),
        abilities: abilities(s.abilities),
        generic_type_params: s.typeParams.map((p) => ({ constraints: abilities(p.constraints) })),
        fields: (s.fields ?? []).map((f) => ({ name: f.name, type: moveTypeString(f.type) })),
      }),
    ),
  };
}

function bytes(b: Uint8Array, what: string): Uint8Array {
  if (!(b instanceof Uint8Array)) throw new BcsError('invalid_type', `${what} bytecode must be a Uint8Array`);
  return b;
}

/** `MoveModuleBytecode::new(bytes).try_parse_abi()`: the ABI is left out when the bytecode does not deserialize. */
export function moduleBytecodeJson(bytecode: Uint8Array): MoveModuleBytecodeJson {
  const hex = toHex(bytes(bytecode, 'module'));
  let m: ModuleSignature;
  try {
    m = readModuleSignature(bytecode);
  } catch (e) {
    if (!isBcsError(e)) throw e;
    return { bytecode: hex, abi: null };
  }
  return { bytecode: hex, abi: moduleAbiJson(m) };
}

/** `MoveScriptBytecode::new(bytes).try_parse_abi()`: `main` as a public entry function, or no ABI. */
export function scriptBytecodeJson(bytecode: Uint8Array): MoveScriptBytecodeJson {
  const hex = toHex(bytes(bytecode, 'script'));
  let s: ReturnType<typeof readScriptSignature>;
  try {
    s = readScriptSignature(bytecode);
  } catch (e) {
    if (!isBcsError(e)) throw e;
    return { bytecode: hex, abi: null };
  }
  return {
    bytecode: hex,
    abi: {
      name: 'main',
      visibility: 'public',
      is_entry: true,
      is_view: false,
      generic_type_params: s.typeParams.map((bits) => ({ constraints: abilities(bits) })),
      params: s.params.map(moveTypeString),
      return: [],
    },
  };
}
