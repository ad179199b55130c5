import { BcsError, rethrowWithin } from './error.js';
import { schema, typeError, type AnySchema, type Infer, type InferInput, type Schema } from './schema.js';
import { compareBytes } from './hex.js';
import { BcsWriter, ulebSize } from './writer.js';

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

/**
 * A map of already-encoded keys to byte-string values (`BTreeMap<K, Vec<u8>>`, as a resource group or
 * the node's BCS listings hold): `uleb128 n ‖ (key ‖ uleb128 len ‖ value)*`, entries in the order of
 * their keys' bytes, as BCS orders every map. Sorts `entries` in place.
 */
export function encodedMapBytes(entries: [Uint8Array, Uint8Array][]): Uint8Array {
  entries.sort(([a], [b]) => compareBytes(a, b));
  let size = 6;
  for (const [k, v] of entries) size += k.length + v.length + 5;
  const w = new BcsWriter(size);
  w.uleb128(entries.length);
  for (const [k, v] of entries) {
    w.raw(k);
    w.uleb128(v.length);
    w.raw(v);
  }
  return w.toBytes();
}
