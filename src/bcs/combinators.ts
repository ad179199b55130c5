import { BcsError, rethrowWithin } from './error.js';
import { ARRAY_COST, BcsReader, ELEMENT_COST, SLOT_COST } from './reader.js';
import { encodeExact, schema, typeError, type AnySchema, type Infer, type InferInput, type Schema } from './schema.js';
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
          // An empty vector (one 0x00): its array and nothing else, without the length checks.
          const at = r.off;
          if (at < r.end && r.buf[at] === 0) {
            r.charge(ARRAY_COST, at);
            r.off = at + 1;
            return [];
          }
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

export { map } from './map.js';
export { lazy, transform, wrapped, MAX_LAZY_RECURSION } from './schema-wrappers.js';
