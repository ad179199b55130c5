import { BcsError } from './error.js';
import { BcsReader } from './reader.js';
import { schema, type Schema } from './schema.js';
import { bytes as bytesSchema } from './bytes.js';
import { ulebSize } from './writer.js';

// Schemas around another schema: resolved late (recursion), mapped values, or nested as bytes.

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
