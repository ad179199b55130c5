// Bytes for one commit's keys and values, carved from large chunks. lmdb-js hands a value to its
// write thread by the address of the value's ArrayBuffer (node_modules/lmdb/write.js: `getAddress`,
// cached on the buffer), so a value of its own costs an allocation, an address lookup and, for a
// small array on V8's heap, moving it off heap; a chunk costs that once for thousands of values.
// A chunk is never written again once carved: lmdb-js reads the bytes when the commit runs.

export type Alloc = (n: number) => Uint8Array;

/** A fresh allocator: `take(n)` answers n zeroed bytes of the current chunk, or of a new one. */
export function slab(CHUNK = 1 << 20): Alloc {
  let chunk = new Uint8Array(0);
  let at = 0;
  return (n) => {
    if (at + n > chunk.length) {
      if (n > CHUNK / 4) return new Uint8Array(n);
      chunk = new Uint8Array(CHUNK);
      at = 0;
    }
    const out = chunk.subarray(at, at + n);
    at += n;
    return out;
  };
}
