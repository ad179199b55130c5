import { BcsError, rethrowWithin } from './error.js';
import { BcsReader, ELEMENT_COST, SLOT_COST } from './reader.js';
import { encodeExact, schema, typeError, type AnySchema, type Infer, type InferInput, type Schema } from './schema.js';
import { bytes as bytesSchema } from './bytes.js';
import { compareBytes } from './hex.js';
import { ulebSize, type BcsWriter } from './writer.js';
import { readOptionTag, readVariant, variantIndex, variantTable } from './variants.js';

/** Counts a named container entered while encoding; bounded like the reader's, so a cyclic or absurdly deep value fails cleanly. */
function enter(w: BcsWriter, name: string): void {
  if (++w.depth > w.maxDepth) {
    w.depth--;
    throw new BcsError('exceeded_max_depth', `exceeded max container depth while entering: ${name}`);
  }
}

/** `00` = None, `01` ‖ T = Some. None is `null` both ways. */
/* @__NO_SIDE_EFFECTS__ */
export function option<S extends AnySchema>(inner: S): Schema<Infer<S> | null, InferInput<S> | null> {
  return schema({
    name: `Option<${inner.name}>`,
    minSize: 1,
    maxSize: inner.maxSize >= 0 ? 1 + inner.maxSize : -1,
    write(w, v) {
      if (v === null) w.u8(0);
      else {
        w.u8(1);
        inner.write(w, v);
      }
    },
    read: (r) => (readOptionTag(r) ? inner.read(r) : null),
    serializedSize: (v) => (v === null ? 1 : 1 + inner.serializedSize(v)),
  });
}

/** uleb(count) ‖ elements. Decodes to an array; encodes any array (or typed array for numbers). */
/* @__NO_SIDE_EFFECTS__ */
export function vector<S extends AnySchema>(element: S): Schema<Infer<S>[], readonly InferInput<S>[]> {
  const { fixedSize, minSize, maxSize } = element;
  // Reserve once for the whole vector when every element's size is bounded (capped, so a huge
  // bound cannot force a huge allocation up front).
  const reserve = maxSize > 0 ? maxSize : minSize;
  const write = element.write;
  const read = element.read;
  const readMany = element.readMany;
  const writeMany = element.writeMany;
  // Elements that may or may not take input (minSize 0, not always 0): the claimed length cannot be
  // checked up front, so each element that took no input is counted against the decode's
  // zero-sized budget as it is read. Always-empty elements (fixedSize 0) are counted all at once.
  const mayBeEmpty = minSize === 0 && fixedSize !== 0;
  // Estimated heap bytes per decoded element, for the decode budget: a zero-sized element or a
  // small integer is a slot; a u32 may be a heap number, a u64 and wider a bigint; anything else a
  // small object.
  const elementCost =
    fixedSize === 0 || (readMany && fixedSize > 0 && fixedSize < 4) ? SLOT_COST : readMany ? (fixedSize < 8 ? 24 : 40) : ELEMENT_COST;
  const readCounted = (r: BcsReader): Infer<S>[] => {
    const n = r.count();
    const out: Infer<S>[] = [];
    let i = 0;
    try {
      for (; i < n; i++) {
        const at = r.off;
        r.element(at, elementCost);
        out.push(read(r));
        if (r.off === at) r.zeroSized(1, at);
      }
    } catch (e) {
      rethrowWithin(e, i);
    }
    return out;
  };
  const self: Schema<Infer<S>[], readonly InferInput<S>[]> = schema({
    name: `vector<${element.name}>`,
    minSize: 1,
    // Fixed-size elements: the exact size is known from the length alone, so allocate it once and
    // write in place (no scratch buffer, no final copy).
    encode:
      fixedSize >= 0
        ? (v: readonly InferInput<S>[]): Uint8Array => {
            if (!Array.isArray(v) && !ArrayBuffer.isView(v)) typeError('array', v);
            return encodeExact(self.write, v, ulebSize(v.length) + v.length * fixedSize);
          }
        : undefined,
    write(w: BcsWriter, v: readonly InferInput<S>[]) {
      if (!Array.isArray(v) && !ArrayBuffer.isView(v)) typeError('array', v);
      const n = v.length;
      w.length(n);
      if (reserve > 0) w.ensure(Math.min(n * reserve, 1 << 24));
      if (writeMany) return writeMany(w, v);
      const depth = w.depth;
      let i = 0;
      try {
        for (; i < n; i++) write(w, v[i]);
      } catch (e) {
        w.depth = depth;
        rethrowWithin(e, i);
      }
    },
    read: mayBeEmpty
      ? readCounted
      : (r: BcsReader) => {
          const n = r.length(minSize, elementCost);
          if (readMany) return readMany(r, n);
          const out = new Array<Infer<S>>(n);
          let i = 0;
          try {
            for (; i < n; i++) out[i] = read(r);
          } catch (e) {
            rethrowWithin(e, i);
          }
          return out;
        },
    serializedSize(v: readonly InferInput<S>[]) {
      if (!Array.isArray(v) && !ArrayBuffer.isView(v)) typeError('array', v);
      const n = v.length;
      if (fixedSize >= 0) return ulebSize(n) + n * fixedSize;
      let size = ulebSize(n);
      let i = 0;
      try {
        for (; i < n; i++) size += element.serializedSize(v[i]);
      } catch (e) {
        rethrowWithin(e, i);
      }
      return size;
    },
  });
  return self;
}

type TupleOut<T extends readonly AnySchema[]> = { -readonly [K in keyof T]: Infer<T[K]> };
type TupleIn<T extends readonly AnySchema[]> = { readonly [K in keyof T]: InferInput<T[K]> };

/** Elements concatenated, no prefix. */
/* @__NO_SIDE_EFFECTS__ */
export function tuple<const T extends readonly AnySchema[]>(elements: T): Schema<TupleOut<T>, TupleIn<T>> {
  const n = elements.length;
  let fixed = 0;
  let min = 0;
  let max = 0;
  for (const e of elements) {
    fixed = fixed >= 0 && e.fixedSize >= 0 ? fixed + e.fixedSize : -1;
    max = max >= 0 && e.maxSize >= 0 ? max + e.maxSize : -1;
    min += e.minSize;
  }
  return schema({
    name: `(${elements.map((e) => e.name).join(', ')})`,
    fixedSize: fixed,
    minSize: min,
    maxSize: max,
    write(w, v) {
      if (!Array.isArray(v)) typeError('array (tuple)', v);
      if (v.length !== n) throw new BcsError('invalid_length', `expected a tuple of ${n}, got ${v.length} elements`);
      const depth = w.depth;
      let i = 0;
      try {
        for (; i < n; i++) elements[i].write(w, v[i]);
      } catch (e) {
        w.depth = depth;
        rethrowWithin(e, i);
      }
    },
    read(r) {
      const out = new Array(n);
      let i = 0;
      try {
        for (; i < n; i++) out[i] = elements[i].read(r);
      } catch (e) {
        rethrowWithin(e, i);
      }
      return out as TupleOut<T>;
    },
    serializedSize(v) {
      if (!Array.isArray(v)) typeError('array (tuple)', v);
      let size = 0;
      for (let i = 0; i < n; i++) size += elements[i].serializedSize(v[i]);
      return size;
    },
  });
}

type StructOut<F extends Record<string, AnySchema>> = { [K in keyof F]: Infer<F[K]> };
type StructIn<F extends Record<string, AnySchema>> = { [K in keyof F]: InferInput<F[K]> };

/** Fields in declaration order, no names, no length. Entering it consumes one depth level. */
/* @__NO_SIDE_EFFECTS__ */
export function struct<F extends Record<string, AnySchema>>(name: string, fields: F): Schema<StructOut<F>, StructIn<F>> {
  const keys = Object.keys(fields);
  const schemas = keys.map((k) => fields[k]);
  const n = keys.length;
  let fixed = 0;
  let min = 0;
  let max = 0;
  for (const s of schemas) {
    fixed = fixed >= 0 && s.fixedSize >= 0 ? fixed + s.fixedSize : -1;
    max = max >= 0 && s.maxSize >= 0 ? max + s.maxSize : -1;
    min += s.minSize;
  }
  return schema({
    name,
    fixedSize: fixed,
    minSize: min,
    maxSize: max,
    write(w, v) {
      if (typeof v !== 'object' || v === null) typeError(`object (${name})`, v);
      const obj = v as Record<string, unknown>;
      // Restored on every exit, so a writer reused after a failed encode starts at the right depth.
      const depth = w.depth;
      enter(w, name);
      let i = 0;
      try {
        for (; i < n; i++) {
          const fv = obj[keys[i]];
          if (fv === undefined) throw new BcsError('missing_field', `missing field ${keys[i]} of ${name}`);
          schemas[i].write(w, fv);
        }
      } catch (e) {
        w.depth = depth;
        rethrowWithin(e, keys[i]);
      }
      w.depth = depth;
    },
    read(r) {
      const depth = r.depth;
      r.enter(name);
      const out: Record<string, unknown> = {};
      let i = 0;
      try {
        for (; i < n; i++) out[keys[i]] = schemas[i].read(r);
      } catch (e) {
        r.depth = depth;
        rethrowWithin(e, keys[i]);
      }
      r.leave();
      return out as StructOut<F>;
    },
    serializedSize(v) {
      if (typeof v !== 'object' || v === null) typeError(`object (${name})`, v);
      const obj = v as Record<string, unknown>;
      let size = 0;
      let i = 0;
      try {
        for (; i < n; i++) size += schemas[i].serializedSize(obj[keys[i]]);
      } catch (e) {
        rethrowWithin(e, keys[i]);
      }
      return size;
    },
  });
}

type Variants = Record<string, AnySchema | null>;
/** An enum value: `{ $kind: 'Name', value }`, or `{ $kind: 'Name' }` for a unit variant. */
export type EnumOut<V extends Variants> = {
  [K in keyof V & string]: V[K] extends AnySchema ? { $kind: K; value: Infer<V[K]> } : { $kind: K };
}[keyof V & string];
export type EnumIn<V extends Variants> = {
  [K in keyof V & string]: V[K] extends AnySchema ? { $kind: K; value: InferInput<V[K]> } : { $kind: K; value?: undefined };
}[keyof V & string];

/**
 * Tagged union: uleb(variant index) ‖ payload, indices in declaration order. Use `null` for a
 * unit variant. Entering it consumes one depth level.
 */
/* @__NO_SIDE_EFFECTS__ */
export function enumeration<const V extends Variants>(name: string, variants: V): Schema<EnumOut<V>, EnumIn<V>> {
  const names = Object.keys(variants);
  const payloads = names.map((k) => variants[k]);
  const table = variantTable(name, names);
  let min = Infinity;
  let max = 0;
  for (const p of payloads) {
    min = Math.min(min, p ? p.minSize : 0);
    max = max >= 0 && (!p || p.maxSize >= 0) ? Math.max(max, p ? p.maxSize : 0) : -1;
  }
  return schema({
    name,
    minSize: 1 + (Number.isFinite(min) ? min : 0),
    maxSize: max >= 0 ? ulebSize(names.length) + max : -1,
    write(w, v) {
      if (typeof v !== 'object' || v === null) typeError(`object with $kind (${name})`, v);
      const kind = (v as { $kind?: unknown }).$kind;
      const i = variantIndex(table, kind);
      enter(w, name);
      w.uleb128(i);
      const p = payloads[i];
      if (p) {
        try {
          p.write(w, (v as { value: unknown }).value);
        } catch (e) {
          w.depth--;
          rethrowWithin(e, kind as string);
        }
      }
      w.depth--;
    },
    read(r) {
      r.enter(name);
      const i = readVariant(r, table);
      const p = payloads[i];
      let out: unknown;
      if (p) {
        try {
          out = { $kind: names[i], value: p.read(r) };
        } catch (e) {
          rethrowWithin(e, names[i]);
        }
      } else out = { $kind: names[i] };
      r.leave();
      return out as EnumOut<V>;
    },
    serializedSize(v) {
      if (typeof v !== 'object' || v === null) typeError(`object with $kind (${name})`, v);
      const i = variantIndex(table, (v as { $kind?: unknown }).$kind);
      const p = payloads[i];
      return ulebSize(i) + (p ? p.serializedSize((v as { value: unknown }).value) : 0);
    },
  });
}

/**
 * uleb(count) ‖ (key, value)… sorted by the encoded key bytes. Encoding sorts and rejects duplicate
 * keys (a silently dropped entry would be data loss); decoding requires strictly increasing keys.
 */
/* @__NO_SIDE_EFFECTS__ */
export function map<K extends AnySchema, V extends AnySchema>(
  key: K,
  value: V,
): Schema<Map<Infer<K>, Infer<V>>, ReadonlyMap<InferInput<K>, InferInput<V>> | readonly (readonly [InferInput<K>, InferInput<V>])[]> {
  type In = ReadonlyMap<InferInput<K>, InferInput<V>> | readonly (readonly [InferInput<K>, InferInput<V>])[];
  const entriesOf = (v: In): (readonly [InferInput<K>, InferInput<V>])[] => {
    if (v instanceof Map) return [...v.entries()];
    if (Array.isArray(v)) return v as (readonly [InferInput<K>, InferInput<V>])[];
    return typeError('Map or array of [key, value] pairs', v);
  };
  const sorted = (v: In) => {
    const encoded = entriesOf(v).map(([k, val], i) => {
      try {
        return { k: key.encode(k), val };
      } catch (e) {
        return rethrowWithin(e, i);
      }
    });
    encoded.sort((a, b) => compareBytes(a.k, b.k));
    for (let i = 1; i < encoded.length; i++) {
      if (compareBytes(encoded[i - 1].k, encoded[i].k) === 0) {
        throw new BcsError('non_canonical_map', `duplicate map key at entry ${i}`);
      }
    }
    return encoded;
  };
  return schema({
    name: `Map<${key.name}, ${value.name}>`,
    minSize: 1,
    write(w, v) {
      const entries = sorted(v);
      w.length(entries.length);
      const depth = w.depth;
      for (let i = 0; i < entries.length; i++) {
        w.raw(entries[i].k);
        try {
          value.write(w, entries[i].val);
        } catch (e) {
          w.depth = depth;
          rethrowWithin(e, i);
        }
      }
    },
    read(r) {
      // Entries that may take no input are counted against the decode's zero-sized budget one by one.
      const min = key.minSize + value.minSize;
      const at = r.off;
      const n = min > 0 ? r.length(min) : r.count();
      // A Map and its entries cost several times an array and its slots (~180 B, ~40 B per entry).
      r.charge(MAP_COST, at);
      const out = new Map<Infer<K>, Infer<V>>();
      let prevStart = -1;
      let prevEnd = -1;
      for (let i = 0; i < n; i++) {
        const start = r.off;
        try {
          r.element(start);
          const k = key.read(r);
          const end = r.off;
          if (prevStart >= 0 && compareBytes(r.buf.subarray(prevStart, prevEnd), r.buf.subarray(start, end)) >= 0) {
            throw new BcsError('non_canonical_map', 'keys of serialized maps must be unique and in increasing order', start);
          }
          prevStart = start;
          prevEnd = end;
          out.set(k, value.read(r));
          if (r.off === start) r.zeroSized(1, start);
        } catch (e) {
          rethrowWithin(e, i);
        }
      }
      return out;
    },
    serializedSize(v) {
      const entries = sorted(v);
      let size = ulebSize(entries.length);
      for (const e of entries) size += e.k.length + value.serializedSize(e.val);
      return size;
    },
  });
}

const MAP_COST = 184;

/** Recursion through `lazy` is bounded too, so recursion without named containers cannot overflow the stack. */
export const MAX_LAZY_RECURSION = 1000;

/** A schema resolved on first use, for recursive types. */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T, I = T>(name: string, get: () => Schema<T, I>): Schema<T, I> {
  let s: Schema<T, I> | undefined;
  const resolve = () => (s ??= get());
  const tooDeep = () => new BcsError('exceeded_max_depth', `exceeded max recursion depth ${MAX_LAZY_RECURSION} in ${name}`);
  return schema({
    name,
    minSize: 0,
    write(w, v) {
      const { depth, recursion } = w;
      if (recursion >= MAX_LAZY_RECURSION) throw tooDeep();
      w.recursion = recursion + 1;
      try {
        resolve().write(w, v);
      } finally {
        w.depth = depth;
        w.recursion = recursion;
      }
    },
    read(r) {
      const { depth, recursion } = r;
      if (recursion >= MAX_LAZY_RECURSION) throw tooDeep();
      r.recursion = recursion + 1;
      try {
        return resolve().read(r);
      } finally {
        r.depth = depth;
        r.recursion = recursion;
      }
    },
    // No `serializedSize`: measured by writing (the schema default), so the writer bounds the
    // recursion; a measure of its own would need a counter outside any call.
  });
}

/** Maps a schema's values both ways (e.g. wrap bytes in a domain type). Same bytes as `inner`. */
/* @__NO_SIDE_EFFECTS__ */
export function transform<T, I, U, UI>(
  inner: Schema<T, I>,
  t: { name?: string; input: (v: UI) => I; output: (v: T) => U },
): Schema<U, UI> {
  return schema({
    name: t.name ?? inner.name,
    fixedSize: inner.fixedSize,
    minSize: inner.minSize,
    maxSize: inner.maxSize,
    write: (w, v) => inner.write(w, t.input(v)),
    read: (r) => t.output(inner.read(r)),
    serializedSize: (v) => inner.serializedSize(t.input(v)),
  });
}

/** A value BCS-encoded by `inner`, then wrapped as `bytes` (e.g. entry-function arguments). */
/* @__NO_SIDE_EFFECTS__ */
export function wrapped<T, I>(inner: Schema<T, I>): Schema<T, I> {
  return schema({
    name: `bytes<${inner.name}>`,
    minSize: 1,
    write: (w, v) => w.bytes(inner.encode(v)),
    read: (r) => {
      const b = bytesSchema.read(r);
      // Its own reader (offsets count from the wrapped bytes), with what is left of the outer
      // decode's depth and zero-sized budget: the whole decode still has one budget.
      const inside = new BcsReader(b, {
        maxDepth: r.maxDepth - r.depth,
        maxLength: r.maxLength,
        maxZeroSizedElements: r.zeroSizedLeft,
        maxAllocation: r.budgetLeft,
        deadline: r.deadline,
        zeroCopy: r.zeroCopy,
      });
      const v = inner.read(inside);
      inside.finish();
      r.zeroSizedLeft = inside.zeroSizedLeft;
      r.budgetLeft = inside.budgetLeft;
      return v;
    },
    serializedSize: (v) => {
      const n = inner.serializedSize(v);
      return ulebSize(n) + n;
    },
  });
}
