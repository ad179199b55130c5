import { BcsError, quote } from './error.js';
import type { BcsReader } from './reader.js';
import type { BcsWriter } from './writer.js';

// The one place variant indices and option tags are read, written and refused. `enumeration` and
// `option` use it, and so do the hand-specialised encoders, with the same table in both directions.

/**
 * An enum's variant names in wire order (the index is the position), as the Rust type declares
 * them: serde numbers variants in declaration order.
 */
export interface VariantTable<K extends string = string> {
  readonly name: string;
  readonly kinds: readonly K[];
  /** Wire index of each kind, e.g. `PAYLOAD_VARIANTS.index.EntryFunction`. */
  readonly index: { readonly [P in K]: number };
}

/* @__NO_SIDE_EFFECTS__ */
export function variantTable<const K extends string>(name: string, kinds: readonly K[]): VariantTable<K> {
  // For the writers' constant look-ups only (`variantIndex` searches `kinds`, so inherited names
  // such as `toString` are never found); a plain object stays a fast property load.
  const index = {} as { [P in K]: number };
  for (let i = 0; i < kinds.length; i++) index[kinds[i]] = i;
  return { name, kinds, index };
}

/** A value's `$kind` that is not a variant of `name` (or of an unnamed JSON shape). */
export function unknownVariant(kind: unknown, name?: string): BcsError {
  return new BcsError('invalid_variant', `unknown variant ${quote(kind)}${name === undefined ? '' : ` of ${name}`}`);
}

/** A decoded variant index past the end of the enum. */
export function invalidVariant(name: string, i: number, count: number, at: number): BcsError {
  return new BcsError('invalid_variant', `invalid variant index ${i} for ${name} (expected 0 <= i < ${count})`, at);
}

/** Index of `kind` in `t`, or `unknown variant` for anything else (including non-strings). */
export function variantIndex<K extends string>(t: VariantTable<K>, kind: unknown): number {
  // A linear search: tables are short, and comparing interned strings beats a hash look-up.
  const i = typeof kind === 'string' ? t.kinds.indexOf(kind as K) : -1;
  if (i < 0) throw unknownVariant(kind, t.name);
  return i;
}

/** Writes the uleb128 index of `kind` and returns it. */
export function writeVariant<K extends string>(w: BcsWriter, t: VariantTable<K>, kind: unknown): number {
  const i = variantIndex(t, kind);
  w.uleb128(i);
  return i;
}

/**
 * Reads a variant index (uleb128) of `t`; an index past the table fails at the index's first byte.
 * `unsupported`: the variants the reference type declares after `t.kinds` that this library does
 * not decode, each as the reason given for it (`not_supported` rather than `invalid_variant`). They
 * are the reader's, so that writers, which never produce them, do not carry them.
 */
export function readVariant<K extends string>(r: BcsReader, t: VariantTable<K>, unsupported?: readonly string[]): number {
  const at = r.off;
  const i = r.uleb128();
  const n = t.kinds.length;
  if (i < n) return i;
  const reason = unsupported?.[i - n];
  if (reason !== undefined) throw new BcsError('not_supported', reason, at);
  throw invalidVariant(t.name, i, n + (unsupported?.length ?? 0), at);
}

/** Reads an option's tag: `00` None (false), `01` Some (true), anything else `expected_option`. */
export function readOptionTag(r: BcsReader): boolean {
  const at = r.off;
  const tag = r.u8();
  if (tag > 1) throw new BcsError('expected_option', `expected option type, got tag 0x${tag.toString(16).padStart(2, '0')}`, at);
  return tag === 1;
}
