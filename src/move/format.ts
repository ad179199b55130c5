import { BcsError, quote, formatAddress, type AddressFormat, type AddressInput } from '../bcs/index.js';
import { abilityPostfix } from './ability.js';
import type { MoveFunctionParam, MoveType } from './move-type.js';
import { isPrimitiveKind, type FunctionParamOrReturnTagInput, type StructTagInput, type TypeTagInput } from './type-tag.js';

/**
 * How addresses inside a type string are written:
 * * `canonical`: the node's `to_canonical_string` — `0x` + digits with leading zeros trimmed
 *   (`0x1`, `0xa550c18`). The form on-chain strings (`0x1::any::Any`, type_info) use.
 * * `aip40`: the AIP-40 display form the newest node API prints — special addresses 0x0–0xf short,
 *   every other address long (`0x` + 64 digits). ts-sdk accepts only this form.
 * * `long`: every address `0x` + 64 digits.
 * All three separate generic arguments with `", "` and write function types as the canonical
 * `|args|(results) has abilities`, so every output parses back to the same tag. (The API's own
 * display of a function type, `|a,b|r`, drops the abilities and cannot be parsed back; it is not
 * reproduced.)
 */
export type TypeStringStyle = 'canonical' | 'aip40' | 'long';

const ADDRESS_FORMAT: Record<TypeStringStyle, AddressFormat> = { canonical: 'short', aip40: 'aip40', long: 'long' };

// Widest input: a MoveType (generic params, references) or a TypeTagInput (addresses as any
// address input, readonly arrays). Both are formatted by the same walk.
type AnyType = MoveType | TypeTagInput;
type AnyParam = MoveFunctionParam | FunctionParamOrReturnTagInput;

function fmt(t: AnyType, af: AddressFormat): string {
  if (typeof t !== 'object' || t === null) throw new BcsError('invalid_type', `expected a type tag object, got ${t === null ? 'null' : typeof t}`);
  switch (t.$kind) {
    case 'vector':
      return `vector<${fmt(t.value, af)}>`;
    case 'struct': {
      const s = t.value as StructTagInput;
      const head = `${formatAddress(s.address as AddressInput, af)}::${s.module}::${s.name}`;
      const args = s.typeArgs;
      if (args.length === 0) return head;
      let out = head + '<' + fmt(args[0], af);
      for (let i = 1; i < args.length; i++) out += ', ' + fmt(args[i], af);
      return out + '>';
    }
    case 'function': {
      const f = t.value;
      return `|${params(f.args, af)}|(${params(f.results, af)})${abilityPostfix(f.abilities)}`;
    }
    case 'generic':
      return `T${t.value}`;
    case 'reference':
      return `&${fmt(t.value, af)}`;
    case 'mutableReference':
      return `&mut ${fmt(t.value, af)}`;
    default:
      if (isPrimitiveKind(t.$kind)) return t.$kind;
      throw new BcsError('invalid_variant', `unknown type tag kind ${quote((t as { $kind: unknown }).$kind)}`);
  }
}

function params(ps: readonly AnyParam[], af: AddressFormat): string {
  let out = '';
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    if (i > 0) out += ', ';
    if (p.$kind === 'reference') out += '&';
    else if (p.$kind === 'mutableReference') out += '&mut ';
    else if (p.$kind !== 'value') throw new BcsError('invalid_variant', `unknown function parameter kind ${quote((p as { $kind: unknown }).$kind)}`);
    out += fmt(p.value, af);
  }
  return out;
}

/** A type tag as a string; `canonical` (the default) is the node's `to_canonical_string`. */
export function formatTypeTag(t: TypeTagInput, style: TypeStringStyle = 'canonical'): string {
  return fmt(t, ADDRESS_FORMAT[style] ?? badStyle(style));
}

/** A struct tag as a string (`0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>`). */
export function formatStructTag(s: StructTagInput, style: TypeStringStyle = 'canonical'): string {
  return fmt({ $kind: 'struct', value: s }, ADDRESS_FORMAT[style] ?? badStyle(style));
}

/** A Move (ABI) type as a string: as `formatTypeTag`, plus `T0…` and `&` / `&mut `. */
export function formatMoveType(t: MoveType, style: TypeStringStyle = 'canonical'): string {
  return fmt(t, ADDRESS_FORMAT[style] ?? badStyle(style));
}

function badStyle(style: unknown): never {
  throw new BcsError('invalid_type', `unknown type string style ${quote(style)}; expected canonical, aip40 or long`);
}
