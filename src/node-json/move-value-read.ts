import { BcsError, toHex, type BcsReader } from '../bcs/index.js';
import { utf8Read } from '../bcs/internal.js';
import type { Layout } from './move-layouts.js';

// BCS → the node's JSON of a Move value (api/types/src/move_types.rs `MoveValue` serialization of
// the resource viewer's `AnnotatedMoveValue`): bool; u8/u16/u32/i8/i16/i32 as numbers; u64 and wider
// as decimal strings; addresses `0x` + digits without leading zeros (`Address`'s Display,
// `to_hex_literal`); `vector<u8>` as `0x` hex; other vectors as arrays; `0x1::string::String` as a
// string ("Unparsable utf-8 0x…" when its bytes are not UTF-8, as `convert_utf8_string`); structs as
// objects with sorted keys (`MoveStructValue` is a BTreeMap); enums with `__variant__` among them.

/** Struct and vector nesting a value may have (the Move VM's value depth limit is 128). */
export const MAX_VALUE_DEPTH = 128;

export const UNPARSABLE_UTF8 = 'Unparsable utf-8 ';

function within(e: unknown, segment: string | number): unknown {
  return e instanceof BcsError ? e.within(segment) : e;
}

/** Sets a key as an own property, `__proto__` (a valid Move identifier) included. */
export function put(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

function tooDeep(r: BcsReader): BcsError {
  return new BcsError('exceeded_max_depth', `value nested deeper than ${MAX_VALUE_DEPTH}`, r.off);
}

const PAIRS: readonly string[] = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => (i < 16 ? '0' : '') + i.toString(16));

/**
 * The 32 bytes at `at` in the short form (`Address`'s Display, `to_hex_literal`): `0x` and the
 * digits without leading zeros, `0x0` for zero. Built directly: most are special addresses.
 */
function shortAddressAt(buf: Uint8Array, at: number): string {
  const end = at + 32;
  let i = at;
  while (i < end - 1 && buf[i] === 0) i++;
  let s = '0x' + buf[i].toString(16);
  for (i++; i < end; i++) s += PAIRS[buf[i]];
  return s;
}

/** Byte length every element of a vector of `l` takes at least (for the length check before looping). */
function minSize(l: Layout): number {
  switch (l.$kind) {
    case 'u16': case 'i16': return 2;
    case 'u32': case 'i32': return 4;
    case 'u64': case 'i64': return 8;
    case 'u128': case 'i128': return 16;
    case 'u256': case 'i256': case 'address': case 'signer': return 32;
    case 'struct': return l.fields.length === 0 ? 0 : 1;
    default: return 1;
  }
}

export function readMoveValue(r: BcsReader, l: Layout, depth: number): unknown {
  switch (l.$kind) {
    case 'bool': {
      const b = r.u8();
      if (b > 1) throw new BcsError('expected_boolean', `expected a boolean byte (0 or 1), got ${b}`, r.off - 1);
      return b === 1;
    }
    case 'u8': return r.u8();
    case 'u16': return r.u16();
    case 'u32': return r.u32();
    case 'u64': {
      // Most u64 values fit in 53 bits: their decimal string needs no BigInt.
      const lo = r.u32();
      const hi = r.u32();
      return hi < 0x200000 ? String(hi * 0x100000000 + lo) : ((BigInt(hi) << 32n) | BigInt(lo)).toString();
    }
    case 'u128': return r.bigUint(16).toString();
    case 'u256': return r.bigUint(32).toString();
    case 'i8': return (r.u8() << 24) >> 24;
    case 'i16': return (r.u16() << 16) >> 16;
    case 'i32': return r.u32() | 0;
    case 'i64': return BigInt.asIntN(64, r.u64()).toString();
    case 'i128': return BigInt.asIntN(128, r.bigUint(16)).toString();
    case 'i256': return BigInt.asIntN(256, r.bigUint(32)).toString();
    case 'address':
    case 'signer':
      if (r.off + 32 > r.end) throw r.eof(32);
      r.off += 32;
      return shortAddressAt(r.buf, r.off - 32);
    case 'bytes': {
      const n = r.length(1);
      r.off += n;
      return toHex(r.buf.subarray(r.off - n, r.off));
    }
    case 'string': {
      const n = r.length(1);
      r.off += n;
      const b = r.buf.subarray(r.off - n, r.off);
      try {
        return utf8Read(b, 0, n, 0);
      } catch {
        return UNPARSABLE_UTF8 + toHex(b);
      }
    }
    case 'vector': {
      if (depth >= MAX_VALUE_DEPTH) throw tooDeep(r);
      const item = l.item;
      const n = r.length(minSize(item));
      const out: unknown[] = new Array(n);
      for (let i = 0; i < n; i++) {
        try {
          out[i] = readMoveValue(r, item, depth + 1);
        } catch (e) {
          throw within(e, i);
        }
      }
      return out;
    }
    case 'struct': {
      if (depth >= MAX_VALUE_DEPTH) throw tooDeep(r);
      const { fields, order } = l;
      const values: unknown[] = new Array(fields.length);
      for (let i = 0; i < fields.length; i++) {
        const f = fields[i];
        try {
          values[i] = readMoveValue(r, f.layout, depth + 1);
        } catch (e) {
          throw within(e, f.name);
        }
      }
      const out: Record<string, unknown> = {};
      for (const i of order) put(out, fields[i].name, values[i]);
      return out;
    }
    case 'enum': {
      if (depth >= MAX_VALUE_DEPTH) throw tooDeep(r);
      const at = r.off;
      const index = r.uleb128();
      const v = l.variants[index];
      if (v === undefined) throw new BcsError('invalid_variant', `${l.type} has no variant ${index} (it has ${l.variants.length})`, at);
      const values: unknown[] = new Array(v.fields.length);
      for (let i = 0; i < v.fields.length; i++) {
        const f = v.fields[i];
        try {
          values[i] = readMoveValue(r, f.layout, depth + 1);
        } catch (e) {
          throw within(e, f.name);
        }
      }
      const out: Record<string, unknown> = {};
      for (const i of v.order) {
        if (i < 0) out.__variant__ = v.name;
        else put(out, v.fields[i].name, values[i]);
      }
      return out;
    }
  }
}
