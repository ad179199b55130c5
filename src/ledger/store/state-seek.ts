import type { Database, RootDatabase } from 'lmdb';
import { LedgerError } from '../errors.js';
import { DELETED, elsewhereKey, ELSEWHERE, INLINE, readU64, writeU64 } from './keys.js';
import { slab } from './slab.js';

// A state point read in one native call and one allocation: the newest write of a key at or below a
// version is one cursor positioning among the key's sorted duplicates in `state` (keys.ts). lmdb-js's
// range read costs far more than the positioning per call (node_modules/lmdb/read.js `getRange`: a
// new iterable and TextDecoder, closures, and a Buffer copy of the value, whose allocation and
// collection took most of the 8 µs a read measured, against 0.3 µs for a get). So the read goes
// through one duplicates iterable made at open (`getValues(key, { start, reverse, limit: 1 })`),
// whose key object and start bytes each read rewrites (the iterable reads both when iterated), on a
// handle of `state` whose value reader takes the version and copies the value into a chunk carved
// from a larger one (an array of its own over 64 bytes is an allocation off V8's heap).
// A read at the ledger version (the REST default) asks for the key's last write instead: no start, so
// MDB_SET_KEY then MDB_LAST_DUP, where a start past every write costs a failed descent first
// (measured, 50k transactions, no cache: 1,400 → 920 ns a read at the latest version).
// What a read costs beyond lmdb-js's own is the value's copy (~150 ns): bench/ledger/seek-floor.mjs
// measures the range read alone at 2.5–2.8× the memory ledger's read at random versions, lmdb-js's
// native positioning under it at 1.6–1.8×, and an exact get at 0.7×.

export interface StateSeeker {
  /**
   * The version of the write of `form` newest at or below `version`, or −1 when it has none. After a
   * hit, `value` is the value written (a fresh array), or undefined for a deletion. `latest`: the
   * version is the ledger's, so the key's last write is the answer unless a commit not yet announced
   * wrote it again.
   */
  seek(form: Uint8Array, version: number, latest?: boolean): number;
  value: Uint8Array | undefined;
}

/** `state_values` holds the values too long to be a duplicate (keys.ts INLINE_VALUE). */
export function stateSeeker(env: RootDatabase, stateValues: Database<Uint8Array, Uint8Array>): StateSeeker {
  /** The key sought: an object the key writer below reads, so one iterable serves every key. */
  const sought: { form: Uint8Array } = { form: new Uint8Array(0) };
  /** The version after the one sought: the cursor lands on the first write after it, then steps back. */
  const after = new Uint8Array(8);
  let version = -1;
  let tag = DELETED;
  let value: Uint8Array | undefined;
  let elsewhere: Uint8Array | undefined;
  const alloc = slab(1 << 14);
  let source: Uint8Array | undefined;
  let view: Uint8Array<ArrayBufferLike> = new Uint8Array(0);
  const keyEncoder = {
    writeKey(key: { form: Uint8Array }, target: Uint8Array, at: number): number {
      target.set(key.form, at);
      return at + key.form.length;
    },
    readKey: () => null,
  };
  const codec = {
    // Handed lmdb-js's own buffer (no copy) while the cursor is on the write: read.js `decoderCopies`.
    needsStableBuffer: false,
    encode: (v: Uint8Array) => v,
    decode(bytes: Uint8Array, size: number): null {
      version = readU64(bytes);
      tag = bytes[8]!;
      value = undefined;
      if (tag === INLINE) {
        // Through a plain view of lmdb-js's buffer: a Buffer's subarray is another Buffer, slower to
        // make. The buffer is one object reused for every read (read.js `getValueBytes`), so its
        // identity says whether the view still fits (reading `.buffer` is a call into V8 each time).
        if (bytes !== source) {
          source = bytes;
          view = new Uint8Array(bytes.buffer, bytes.byteOffset);
        }
        value = alloc(size - 9);
        value.set(view.subarray(9, size));
      } else if (tag === ELSEWHERE) elsewhere = elsewhereKey(bytes);
      return null;
    },
  };
  // dupSort, encoder and keyEncoder as lmdb-js reads them (its DatabaseOptions typing leaves the last two out).
  const db = env.openDB({ name: 'state', dupSort: true, encoder: codec, keyEncoder, compression: false } as { name: string; dupSort: boolean });
  type Writes = { iterate(): Iterator<unknown> };
  const writes = db.getValues(sought as unknown as Uint8Array, { start: after, reverse: true, limit: 1 }) as unknown as Writes;
  // The key's last write (cursor.cpp doPosition: a reverse read of a key's values with no start).
  const last = db.getValues(sought as unknown as Uint8Array, { reverse: true, limit: 1 }) as unknown as Writes;
  const position = (through: Writes): boolean => {
    const it = through.iterate();
    const r = it.next();
    it.return?.();
    return r.done !== true;
  };

  const seeker: StateSeeker = {
    value: undefined,
    seek(form, at, latest = false) {
      // A zero-length key would read as "from the first key" (cursor.cpp doPosition).
      if (form.length === 0) return -1;
      sought.form = form;
      // A read at the ledger version may see a commit the store has not announced yet (lmdb-js renews
      // its read snapshot every turn): a last write past `at` sends it to the bounded seek.
      if (latest && !position(last)) return -1;
      if (!latest || version > at) {
        writeU64(after, 0, at + 1);
        if (!position(writes)) return -1;
      }
      if (tag === ELSEWHERE) {
        const b = stateValues.getBinary(elsewhere!);
        if (b === undefined) throw new LedgerError('malformed', `the store has no value for the write at version ${version} it points to`);
        value = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
      }
      seeker.value = value;
      return version;
    },
  };
  return seeker;
}
