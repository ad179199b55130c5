import { describe, expect, it } from 'vitest';
import { Later } from '../../src/http/later.js';
import { isLater } from '../../src/http/responses.js';

// later.ts: a value handed to its reader synchronously from the call that settles it (issue 32: no
// promise hop between a request body's end event and its reply's write).

describe('Later', () => {
  it('hands its value to the reader synchronously, before any microtask', () => {
    const l = new Later<number>();
    const seen: string[] = [];
    l.map((v) => v * 2).onto((v) => seen.push(`ok ${v}`), () => seen.push('fail'));
    queueMicrotask(() => seen.push('microtask'));
    l.resolve(21);
    seen.push('after resolve');
    expect(seen).toEqual(['ok 42', 'after resolve']);
  });

  it('settles once; a reader that comes late is called at once', () => {
    const l = new Later<string>();
    l.resolve('a');
    l.resolve('b');
    l.reject(new Error('no'));
    let got: string | undefined;
    l.onto((v) => (got = v), () => (got = 'fail'));
    expect(got).toBe('a');
  });

  it('map: a throw fails it; recover answers a failure; a promise result is followed', async () => {
    const l = new Later<number>();
    const thrown = l.map(() => {
      throw new Error('boom');
    });
    const recovered = thrown.map(undefined, (e) => `recovered ${(e as Error).message}`);
    const viaPromise = l.map((v) => Promise.resolve(v + 1));
    l.resolve(1);
    await expect(thrown).rejects.toThrow('boom');
    expect(await recovered).toBe('recovered boom');
    expect(await viaPromise).toBe(2);
  });

  it('read: an object reader is told once; one resolved with another Later settles as that one does', () => {
    const inner = new Later<number>();
    const outer = new Later<number>();
    const told: string[] = [];
    outer.read({ ok: (v) => told.push(`ok ${v}`), fail: (e) => told.push(`fail ${String(e)}`) });
    outer.resolve(inner);
    expect(told).toEqual([]);
    inner.resolve(3);
    inner.reject('late');
    expect(told).toEqual(['ok 3']);
    const failing = new Later<number>();
    const mapped = failing.map((v) => v + 1);
    const seen: string[] = [];
    mapped.read({ ok: () => seen.push('ok'), fail: (e) => seen.push(`fail ${String(e)}`) });
    failing.reject('no');
    expect(seen).toEqual(['fail no']);
  });

  it('is a thenable for readers that take promises, and is recognised by its registered mark', async () => {
    const l = new Later<number>();
    setTimeout(() => l.resolve(5), 1);
    expect(await l).toBe(5);
    expect(await Promise.resolve(l)).toBe(5);
    const failed = new Later<number>();
    failed.reject(new Error('x'));
    await expect(Promise.resolve(failed)).rejects.toThrow('x');
    expect(isLater(l)).toBe(true);
    expect(isLater(Promise.resolve(1))).toBe(false);
    expect(isLater({ [Symbol.for('ledger-bcs.http.later.read')]: true })).toBe(true);
    // A copy read by an older protocol (`onto` only) is not taken for one: its `then` still works.
    expect(isLater({ [Symbol.for('ledger-bcs.http.later')]: true })).toBe(false);
    expect(isLater(null)).toBe(false);
  });
});
