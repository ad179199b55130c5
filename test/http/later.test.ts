import { describe, expect, it } from 'vitest';
import { Later } from '../../src/http/later.js';
import { isLater } from '../../src/http/responses.js';

// later.ts: a value handed to its reader synchronously from the call that settles it (issue 32: no
// promise hop between a request body's end event and its reply's write).

/**
 * A step after a Later, as the library's steps are made (encode.ts `EncodeCall`): a reader with a
 * Later of its own, settled from what `f` makes of the value (or `r` of the error; without `r` the
 * error passes on). `f` and `r` may throw or return a promise.
 */
function stepAfter<T, U>(l: Later<T>, f: (v: T) => U | PromiseLike<U>, r?: (e: unknown) => U | PromiseLike<U>): Later<U> {
  const out = new Later<U>();
  const settle = (g: () => U | PromiseLike<U>): void => {
    try {
      out.resolve(g());
    } catch (e) {
      out.reject(e);
    }
  };
  l.read({ ok: (v) => settle(() => f(v)), fail: (e) => (r === undefined ? out.reject(e) : settle(() => r(e))) });
  return out;
}

describe('Later', () => {
  it('hands its value to the reader synchronously, before any microtask', () => {
    const l = new Later<number>();
    const seen: string[] = [];
    stepAfter(l, (v) => v * 2).onto((v) => seen.push(`ok ${v}`), () => seen.push('fail'));
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

  it('a step: a throw fails it; recover answers a failure; a promise result is followed', async () => {
    const l = new Later<number>();
    const thrown = stepAfter(l, (): number => {
      throw new Error('boom');
    });
    const recovered = stepAfter(thrown, String, (e) => `recovered ${(e as Error).message}`);
    const viaPromise = stepAfter(l, (v) => Promise.resolve(v + 1));
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
    const mapped = stepAfter(failing, (v) => v + 1); // no recover: the failure passes on
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
