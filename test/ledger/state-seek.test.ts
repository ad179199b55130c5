import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { afterAll, describe, expect, it } from 'vitest';
import { elsewhereKey, stateWrite } from '../../src/ledger/store/keys.js';
import { stateSeeker } from '../../src/ledger/store/state-seek.js';

// The store's state point read on its own: the newest write of a key at or below a version, by the
// bounded seek and by the last-write read a read at the ledger version takes first. That read must
// also be right when LMDB already holds a commit the store has not announced (lmdb-js renews its
// read snapshot every turn, before the commit's promise resolves): a last write past the version
// asked sends it back to the bounded seek.

const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-seek-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('state seek', () => {
  it('answers the newest write at or below a version, latest or not, whatever the store holds beyond it', async () => {
    const env = open({ path: dir, maxDbs: 4, encoding: 'binary', keyEncoding: 'binary', compression: false });
    const state = env.openDB<Uint8Array, Uint8Array>({ name: 'state', encoding: 'binary', keyEncoding: 'binary', compression: false, dupSort: true });
    const values = env.openDB<Uint8Array, Uint8Array>({ name: 'state_values', encoding: 'binary', keyEncoding: 'binary', compression: false });
    const key = new Uint8Array([0, 1, 2, 3]);
    const other = new Uint8Array([0, 1, 2, 4]);
    const gone = new Uint8Array([0, 1, 2, 5]);
    const big = new Uint8Array([0, 1, 2, 6]);
    const long = new Uint8Array(2000).fill(7);
    // key: a value at 5, deleted at 10, a long value at 20, a value at 30; other: one value at 12;
    // gone: a value at 3, deleted at 15; big: a long value at 8.
    const writes: [Uint8Array, number, Uint8Array | null][] = [
      [key, 5, new Uint8Array([5])],
      [key, 10, null],
      [key, 20, long],
      [key, 30, new Uint8Array([30, 30])],
      [other, 12, new Uint8Array([12])],
      [gone, 3, new Uint8Array([3])],
      [gone, 15, null],
      [big, 8, long],
    ];
    await env.transaction(() => {
      for (const [k, v, value] of writes) {
        const w = stateWrite(v, value, k[3]!);
        if (value !== null && value.length > 1024) void values.put(elsewhereKey(w), value);
        void state.put(k, w);
      }
    });
    const seeker = stateSeeker(env, values);
    const expected = (k: Uint8Array, at: number) => {
      const found = writes.filter(([wk, v]) => wk === k && v <= at).pop();
      return found === undefined ? { version: -1 } : { version: found[1], value: found[2] ?? undefined };
    };
    for (const k of [key, other, gone, big]) {
      for (let at = 0; at <= 35; at++) {
        for (const latest of [false, true]) {
          const version = seeker.seek(k, at, latest);
          const want = expected(k, at);
          expect(version, `${k[3]} @${at} latest ${latest}`).toBe(want.version);
          if (version >= 0) expect(seeker.value).toEqual(want.value);
        }
      }
    }
    expect(seeker.seek(new Uint8Array([0, 9]), 40, true)).toBe(-1);
    expect(seeker.seek(new Uint8Array(0), 40, true)).toBe(-1);
    await env.close();
  });
});
