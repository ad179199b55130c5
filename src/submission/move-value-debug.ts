import { BcsReader, bool, formatAddress, i128, i16, i256, i32, i64, i8, toHex, u128, u16, u256, u32, u64, u8, type Schema } from '../bcs/index.js';
import { substituteGenerics, type TypeTag } from '../move/index.js';
import type { AbiField } from './abi.js';
import { builtInStruct, type StructContext } from './move-struct.js';

// Rust `{:?}` of a converted `MoveValue` (move-core value.rs, derived Debug), read back from the
// value's BCS bytes: `U64(1)`, `Bool(true)`, `Address(0x1)` (AccountAddress's Debug in the short
// 0x form, as in the node's golden `Module ModuleId { address: 0x1, … }`, fixtures/submission/
// error-goldens.json), `Vector([U8(1)])`, `Struct(Runtime([…]))` and, for Move 2 enums,
// `Struct(RuntimeVariant(1, […]))`. The node prints these in the script-argument errors of
// move-core transaction_argument.rs (`unexpected value in bytes: {:?}`, `invalid transaction
// argument: {:?}`). Bounded like every quoted value: hostile input must not make a huge message.

const MAX_RENDERED = 256;

/** Move's integer types with their `MoveValue` (and `TransactionArgument`) variant names and schemas. */
export type MoveIntName = 'U8' | 'U16' | 'U32' | 'U64' | 'U128' | 'U256' | 'I8' | 'I16' | 'I32' | 'I64' | 'I128' | 'I256';
export const MOVE_INTEGERS: Partial<Record<TypeTag['$kind'], [MoveIntName, Schema<any, any>]>> = {
  u8: ['U8', u8],
  u16: ['U16', u16],
  u32: ['U32', u32],
  u64: ['U64', u64],
  u128: ['U128', u128],
  u256: ['U256', u256],
  i8: ['I8', i8],
  i16: ['I16', i16],
  i32: ['I32', i32],
  i64: ['I64', i64],
  i128: ['I128', i128],
  i256: ['I256', i256],
};

class Cut extends Error {}

interface Out {
  s: string;
}

function put(out: Out, text: string): void {
  out.s += text;
  if (out.s.length > MAX_RENDERED) throw new Cut();
}

function fieldsOf(tag: Extract<TypeTag, { $kind: 'struct' }>['value'], ctx: StructContext): { variants: { fields: AbiField[] }[] | null; fields: AbiField[] } | undefined {
  const builtIn = builtInStruct(tag);
  if (builtIn?.kind === 'string') return { variants: null, fields: [{ name: 'bytes', type: { $kind: 'vector', value: { $kind: 'u8' } } }] };
  if (builtIn?.kind === 'option') return { variants: null, fields: [{ name: 'vec', type: { $kind: 'vector', value: builtIn.item } }] };
  const def = ctx.module(tag.address, tag.module)?.structs.get(tag.name);
  if (!def) return undefined;
  return def.variants ? { variants: def.variants, fields: [] } : { variants: null, fields: def.fields ?? [] };
}

function valueInto(t: TypeTag, r: BcsReader, ctx: StructContext, out: Out): void {
  const int = MOVE_INTEGERS[t.$kind];
  if (int) return put(out, `${int[0]}(${String(int[1].read(r))})`);
  switch (t.$kind) {
    case 'bool':
      return put(out, `Bool(${bool.read(r)})`);
    case 'address':
      return put(out, `Address(${formatAddress(toHex(r.raw(32)), 'short')})`);
    case 'vector': {
      const n = r.uleb128();
      put(out, 'Vector([');
      for (let i = 0; i < n; i++) {
        if (i > 0) put(out, ', ');
        valueInto(t.value, r, ctx, out);
      }
      return put(out, '])');
    }
    case 'struct': {
      const tag = t.value;
      // Object<T> is converted as an address, never as a struct.
      if (builtInStruct(tag)?.kind === 'object') return valueInto({ $kind: 'address' }, r, ctx, out);
      const def = fieldsOf(tag, ctx);
      if (!def) throw new Cut();
      let fields = def.fields;
      if (def.variants) {
        const index = r.uleb128();
        fields = def.variants[index]?.fields ?? [];
        put(out, `Struct(RuntimeVariant(${index}, [`);
      } else {
        put(out, 'Struct(Runtime([');
      }
      fields.forEach((f, i) => {
        if (i > 0) put(out, ', ');
        valueInto(substituteGenerics(f.type, tag.typeArgs), r, ctx, out);
      });
      return put(out, ']))');
    }
    default:
      throw new Cut();
  }
}

/** `{:?}` of the MoveValue of type `t` whose BCS is `bytes`; cut with `…` past 256 characters. */
export function moveValueDebug(t: TypeTag, bytes: Uint8Array, ctx: StructContext): string {
  return render(t, new BcsReader(bytes), ctx);
}

/** `{:?}` of the first element of the vector of type `t` whose BCS is `bytes` (the element the node names). */
export function firstElementDebug(t: Extract<TypeTag, { $kind: 'vector' }>, bytes: Uint8Array, ctx: StructContext): string {
  const r = new BcsReader(bytes);
  r.uleb128();
  return render(t.value, r, ctx);
}

function render(t: TypeTag, r: BcsReader, ctx: StructContext): string {
  const out = { s: '' };
  try {
    valueInto(t, r, ctx, out);
    return out.s;
  } catch {
    return `${out.s.slice(0, MAX_RENDERED)}…`;
  }
}
