import { fail, flag, skip, skipUleb64, u8, uleb, type BinaryReader } from './binary-reader.js';
import { TABLE_INDEX_MAX } from './signature-token.js';

/**
 * Operands of each opcode (`file_format_common.rs` `Opcodes`, read as `deserializer.rs`
 * `load_code`): a table index (ULEB128 ≤ 65535), a local index (ULEB128 ≤ 255), fixed-size
 * little-endian literals, or a pair. The number is the first bytecode version with the opcode.
 */
type Operands = 'none' | 'index' | 'local' | 'u8' | 'u16' | 'u32' | 'u64' | 'u128' | 'u256' | 'index+u64' | 'index+mask';
const FIXED: Record<string, number> = { u8: 1, u16: 2, u32: 4, u64: 8, u128: 16, u256: 32 };

const OPCODES: readonly (readonly [Operands, number] | undefined)[] = /* @__PURE__ */ (() => {
  const t: (readonly [Operands, number] | undefined)[] = [];
  const set = (from: number, to: number, ops: Operands, since = 1) => { for (let op = from; op <= to; op++) t[op] = [ops, since]; };
  set(0x01, 0x02, 'none'); // Pop, Ret
  set(0x03, 0x05, 'index'); // BrTrue, BrFalse, Branch
  set(0x06, 0x06, 'u64'); // LdU64
  set(0x07, 0x07, 'index'); // LdConst
  set(0x08, 0x09, 'none'); // LdTrue, LdFalse
  set(0x0a, 0x0e, 'local'); // CopyLoc … ImmBorrowLoc
  set(0x0f, 0x13, 'index'); // Mut/ImmBorrowField, Call, Pack, Unpack
  set(0x14, 0x28, 'none'); // ReadRef … Nop
  set(0x29, 0x2d, 'index'); // Exists, Mut/ImmBorrowGlobal, MoveFrom, MoveTo
  set(0x2e, 0x30, 'none'); // FreezeRef, Shl, Shr
  set(0x31, 0x31, 'u8'); // LdU8
  set(0x32, 0x32, 'u128'); // LdU128
  set(0x33, 0x35, 'none'); // CastU8, CastU64, CastU128
  set(0x36, 0x3f, 'index'); // the *Generic forms
  set(0x40, 0x40, 'index+u64', 4); // VecPack
  set(0x41, 0x45, 'index', 4); // VecLen … VecPopBack
  set(0x46, 0x46, 'index+u64', 4); // VecUnpack
  set(0x47, 0x47, 'index', 4); // VecSwap
  set(0x48, 0x48, 'u16', 6);
  set(0x49, 0x49, 'u32', 6);
  set(0x4a, 0x4a, 'u256', 6);
  set(0x4b, 0x4d, 'none', 6); // CastU16, CastU32, CastU256
  set(0x4e, 0x57, 'index', 7); // variant field borrows, Pack/Unpack/TestVariant(Generic)
  // The node gates UnpackVariant(Generic) on no version; everything else from 0x4e on needs v7.
  set(0x54, 0x55, 'index');
  set(0x58, 0x59, 'index+mask', 8); // PackClosure(Generic)
  set(0x5a, 0x5a, 'index', 8); // CallClosure
  set(0x5b, 0x5b, 'u8', 9); // LdI8 … LdI256
  set(0x5c, 0x5c, 'u16', 9);
  set(0x5d, 0x5d, 'u32', 9);
  set(0x5e, 0x5e, 'u64', 9);
  set(0x5f, 0x5f, 'u128', 9);
  set(0x60, 0x60, 'u256', 9);
  set(0x61, 0x67, 'none', 9); // CastI8 … CastI256, Negate
  set(0x68, 0x68, 'none', 10); // AbortMsg
  return t;
})();

const BYTECODE_COUNT_MAX = 0xffff;
const ACCESS_SPECIFIER_COUNT_MAX = 64;
const LOCAL_INDEX_MAX = 255;

/**
 * Reads past a `CodeUnit` (locals signature index, then the instructions), checking every operand's
 * encoding (not its meaning); returns the locals signature index.
 */
export function skipCodeUnit(r: BinaryReader): number {
  const locals = uleb(r, TABLE_INDEX_MAX, 'locals signature index');
  const count = uleb(r, BYTECODE_COUNT_MAX, 'bytecode count');
  for (let i = 0; i < count; i++) {
    const at = r.pos;
    const op = u8(r, 'code');
    const spec = OPCODES[op];
    if (spec === undefined) fail(r, 'invalid_variant', `unknown opcode 0x${op.toString(16)}`, at);
    if (r.version < spec[1]) fail(r, 'not_supported', `opcode 0x${op.toString(16)} is not available before bytecode version ${spec[1]}`, at);
    switch (spec[0]) {
      case 'none':
        break;
      case 'index':
        uleb(r, TABLE_INDEX_MAX, 'instruction operand');
        break;
      case 'local':
        uleb(r, LOCAL_INDEX_MAX, 'local index');
        break;
      case 'index+u64':
        uleb(r, TABLE_INDEX_MAX, 'instruction operand');
        skip(r, 8, 'instruction operand');
        break;
      case 'index+mask':
        uleb(r, TABLE_INDEX_MAX, 'instruction operand');
        skipUleb64(r, 'closure mask');
        break;
      default:
        skip(r, FIXED[spec[0]], 'instruction literal');
    }
  }
  return locals;
}

/** Reads past an `Option<Vec<AccessSpecifier>>` (`deserializer.rs` `load_access_specifiers`). */
export function skipAccessSpecifiers(r: BinaryReader): void {
  if (!flag(r, 'access specifier option')) return;
  const n = uleb(r, ACCESS_SPECIFIER_COUNT_MAX, 'access specifier count');
  for (let i = 0; i < n; i++) {
    const kind = u8(r, 'access kind');
    if (kind !== 1 && kind !== 2) fail(r, 'invalid_variant', `malformed access kind 0x${kind.toString(16)}`, r.pos - 1);
    flag(r, 'access specifier negation');
    const resource = u8(r, 'resource specifier');
    if (resource === 2 || resource === 3 || resource === 4) uleb(r, TABLE_INDEX_MAX, 'resource specifier index');
    else if (resource === 5) {
      uleb(r, TABLE_INDEX_MAX, 'struct handle index');
      uleb(r, TABLE_INDEX_MAX, 'signature index');
    } else if (resource !== 1) fail(r, 'invalid_variant', `malformed resource specifier 0x${resource.toString(16)}`, r.pos - 1);
    const address = u8(r, 'address specifier');
    if (address === 2) uleb(r, TABLE_INDEX_MAX, 'address identifier index');
    else if (address === 3) {
      uleb(r, LOCAL_INDEX_MAX, 'parameter index');
      if (flag(r, 'function instantiation option')) uleb(r, TABLE_INDEX_MAX, 'function instantiation index');
    } else if (address !== 1) fail(r, 'invalid_variant', `malformed address specifier 0x${address.toString(16)}`, r.pos - 1);
  }
}
