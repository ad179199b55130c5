import type { PrimitiveTypeTagKind } from './type-tag.js';
import { fail, u8, uleb, type BinaryReader } from './binary-reader.js';

/** A `SignatureToken` of `move-binary-format` `file_format.rs`, handles still unresolved. */
export type SignatureToken =
  | { $kind: PrimitiveTypeTagKind }
  | { $kind: 'vector' | 'reference' | 'mutableReference'; value: SignatureToken }
  | { $kind: 'struct'; handle: number; typeArgs: SignatureToken[] }
  | { $kind: 'generic'; value: number }
  | { $kind: 'function'; args: SignatureToken[]; results: SignatureToken[]; abilities: number };

/** `file_format_common.rs` limits. */
export const TABLE_INDEX_MAX = 0xffff;
export const SIGNATURE_SIZE_MAX = 255;
export const TYPE_PARAMETER_COUNT_MAX = 255;
export const SIGNATURE_TOKEN_DEPTH_MAX = 256;
export const ABILITY_SET_MAX = 0xf;

/** `SerializedType` tags: [tag, kind, first bytecode version that has it]. */
const PRIMITIVE_TAGS: readonly (readonly [number, PrimitiveTypeTagKind, number])[] = [
  [0x01, 'bool', 1], [0x02, 'u8', 1], [0x03, 'u64', 1], [0x04, 'u128', 1], [0x05, 'address', 1],
  [0x0c, 'signer', 1], [0x0d, 'u16', 6], [0x0e, 'u32', 6], [0x0f, 'u256', 6],
  [0x11, 'i8', 9], [0x12, 'i16', 9], [0x13, 'i32', 9], [0x14, 'i64', 9], [0x15, 'i128', 9], [0x16, 'i256', 9],
];
const PRIMITIVE_BY_TAG: readonly (readonly [PrimitiveTypeTagKind, number] | undefined)[] = /* @__PURE__ */ (() => {
  const out: (readonly [PrimitiveTypeTagKind, number] | undefined)[] = [];
  for (const [tag, kind, since] of PRIMITIVE_TAGS) out[tag] = [kind, since];
  return out;
})();
const REFERENCE = 0x06, MUTABLE_REFERENCE = 0x07, STRUCT = 0x08, TYPE_PARAMETER = 0x09, VECTOR = 0x0a;
const STRUCT_INST = 0x0b, FUNCTION = 0x10;

/** The node's `load_ability_set` for bytecode ≥ v2: a ULEB128 subset of copy|drop|store|key. */
export function abilitySet(r: BinaryReader, what: string): number {
  return uleb(r, ABILITY_SET_MAX, what);
}

// A type constructor still waiting for its arguments (the node's `TypeBuilder`).
interface Pending {
  make: (args: SignatureToken[]) => SignatureToken;
  want: number;
  args: SignatureToken[];
}

/**
 * Reads one `SignatureToken` (`deserializer.rs` `load_signature_token`): prefix order, unbounded
 * nesting handled with an explicit stack capped as the node caps it (`vector` 255 deep holds a
 * `u8`, 256 deep does not), so hostile nesting neither recurses nor grows without bound.
 */
export function signatureToken(r: BinaryReader): SignatureToken {
  const stack: Pending[] = [];
  for (;;) {
    let done: SignatureToken | undefined;
    const at = r.pos;
    // The node counts the token being read too: 256 pending constructors leave no room for it.
    if (stack.length >= SIGNATURE_TOKEN_DEPTH_MAX) fail(r, 'exceeded_max_depth', `signature token nested deeper than ${SIGNATURE_TOKEN_DEPTH_MAX}`, at);
    const tag = u8(r, 'signature token');
    const prim = PRIMITIVE_BY_TAG[tag];
    if (prim !== undefined) {
      if (r.version < prim[1]) fail(r, 'not_supported', `${prim[0]} is not supported in bytecode version ${r.version}`, at);
      done = { $kind: prim[0] };
    } else {
      switch (tag) {
        case VECTOR:
          stack.push({ make: ([v]) => ({ $kind: 'vector', value: v }), want: 1, args: [] });
          break;
        case REFERENCE:
          stack.push({ make: ([v]) => ({ $kind: 'reference', value: v }), want: 1, args: [] });
          break;
        case MUTABLE_REFERENCE:
          stack.push({ make: ([v]) => ({ $kind: 'mutableReference', value: v }), want: 1, args: [] });
          break;
        case STRUCT:
          done = { $kind: 'struct', handle: uleb(r, TABLE_INDEX_MAX, 'struct handle index'), typeArgs: [] };
          break;
        case STRUCT_INST: {
          const handle = uleb(r, TABLE_INDEX_MAX, 'struct handle index');
          const arity = uleb(r, TYPE_PARAMETER_COUNT_MAX, 'type argument count');
          if (arity === 0) fail(r, 'invalid_length', 'struct instantiation with arity 0', at);
          stack.push({ make: (typeArgs) => ({ $kind: 'struct', handle, typeArgs }), want: arity, args: [] });
          break;
        }
        case TYPE_PARAMETER:
          // TYPE_PARAMETER_INDEX_MAX is 65536 but the index is a u16: 65536 fails either way.
          done = { $kind: 'generic', value: uleb(r, TABLE_INDEX_MAX, 'type parameter index') };
          break;
        case FUNCTION: {
          if (r.version < 8) fail(r, 'not_supported', `function types are not supported in bytecode version ${r.version}`, at);
          const abilities = abilitySet(r, 'function type abilities');
          const nArgs = uleb(r, TYPE_PARAMETER_COUNT_MAX, 'function type argument count');
          const nResults = uleb(r, TYPE_PARAMETER_COUNT_MAX, 'function type result count');
          const make = (all: SignatureToken[]): SignatureToken =>
            ({ $kind: 'function', args: all.slice(0, nArgs), results: all.slice(nArgs), abilities });
          if (nArgs + nResults === 0) done = make([]);
          else stack.push({ make, want: nArgs + nResults, args: [] });
          break;
        }
        default:
          fail(r, 'invalid_variant', `unknown signature token tag 0x${tag.toString(16)}`, at);
      }
    }
    // Saturate: feed each finished token to the constructor below it.
    while (done !== undefined) {
      const top = stack[stack.length - 1];
      if (top === undefined) return done;
      top.args.push(done);
      done = undefined;
      if (top.args.length === top.want) {
        stack.pop();
        done = top.make(top.args);
      }
    }
  }
}

/** A `Signature`: a ULEB128 count (≤ 255) of tokens. */
export function signature(r: BinaryReader): SignatureToken[] {
  const n = uleb(r, SIGNATURE_SIZE_MAX, 'signature length');
  const out: SignatureToken[] = [];
  for (let i = 0; i < n; i++) out.push(signatureToken(r));
  return out;
}
