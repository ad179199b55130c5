import { BcsError, type BcsReader, type BcsWriter } from '../bcs/index.js';
import { typeTag, type TypeArg, type TypeTag, type TypeTagInput } from '../move/index.js';
import { expectArray, within } from './checks.js';

// The `ty_args: Vec<TypeTag>` of entry functions and scripts (types/src/transaction/script.rs).

/** A type argument as the general encoders take it: a plain type-tag object, or a `TypeArg`. */
export type TypeArgInput = TypeTagInput | TypeArg;

/** How a payload writer encodes a plain type-tag object; `null` where only `TypeArg`s are taken. */
export type PlainTypeTagWriter = ((w: BcsWriter, t: TypeTagInput) => void) | null;

export function writeTypeArgs(w: BcsWriter, tys: readonly TypeArgInput[], plain: PlainTypeTagWriter): void {
  expectArray(tys, 'typeArgs');
  w.length(tys.length);
  for (let i = 0; i < tys.length; i++) {
    try {
      const t = tys[i] as TypeArg & TypeTagInput;
      if (typeof t?.write === 'function') t.write(w, t.value);
      else if (plain) plain(w, t);
      else throw new BcsError('invalid_type', 'a plain type tag: encode-only writers take typeArgFromString(s) or typeArgFromTag(t)');
    } catch (e) {
      within(e, i);
    }
  }
}

export function readTypeArgs(r: BcsReader): TypeTag[] {
  const n = r.length(1);
  const out: TypeTag[] = new Array(n);
  for (let i = 0; i < n; i++) {
    try {
      out[i] = typeTag.read(r);
    } catch (e) {
      within(e, i);
    }
  }
  return out;
}
