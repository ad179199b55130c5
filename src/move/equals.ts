import { normalizeAddress, type AddressInput } from '../bcs/index.js';
import type { MoveFunctionParam, MoveType } from './move-type.js';
import { parseMoveType, parseTypeTag } from './parse.js';
import type { FunctionParamOrReturnTagInput, StructTagInput, TypeTagInput } from './type-tag.js';

type AnyType = MoveType | TypeTagInput;

function sameAddress(a: AddressInput, b: AddressInput): boolean {
  return a === b || normalizeAddress(a) === normalizeAddress(b);
}

type AnyParam = MoveFunctionParam | FunctionParamOrReturnTagInput;

function sameParams(a: readonly AnyParam[], b: readonly AnyParam[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].$kind !== b[i].$kind || !same(a[i].value, b[i].value)) return false;
  return true;
}

function same(a: AnyType, b: AnyType): boolean {
  if (a === b) return true;
  if (a.$kind !== b.$kind) return false;
  switch (a.$kind) {
    case 'vector':
    case 'reference':
    case 'mutableReference':
      return same(a.value, (b as typeof a).value);
    case 'generic':
      return a.value === (b as typeof a).value;
    case 'struct': {
      const x = a.value as StructTagInput;
      const y = (b as typeof a).value as StructTagInput;
      if (x.module !== y.module || x.name !== y.name || x.typeArgs.length !== y.typeArgs.length) return false;
      if (!sameAddress(x.address, y.address)) return false;
      for (let i = 0; i < x.typeArgs.length; i++) if (!same(x.typeArgs[i], y.typeArgs[i])) return false;
      return true;
    }
    case 'function': {
      const x = a.value;
      const y = (b as typeof a).value;
      return x.abilities === y.abilities && sameParams(x.args, y.args) && sameParams(x.results, y.results);
    }
    default:
      return true;
  }
}

/**
 * Structural equality of two type tags. Strings are parsed first, so `'vector< u8 >'` equals
 * `'vector<u8>'` and `'0x01::m::S'` equals `'0x1::m::S'`; addresses compare by value.
 */
export function typeTagEquals(a: TypeTagInput | string, b: TypeTagInput | string): boolean {
  return same(typeof a === 'string' ? parseTypeTag(a) : a, typeof b === 'string' ? parseTypeTag(b) : b);
}

/** As `typeTagEquals`, for Move (ABI) types with generic parameters and references. */
export function moveTypeEquals(a: MoveType | string, b: MoveType | string): boolean {
  return same(typeof a === 'string' ? parseMoveType(a) : a, typeof b === 'string' ? parseMoveType(b) : b);
}
