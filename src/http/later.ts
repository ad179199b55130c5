// A value that arrives later (a request body's end event), handed to its reader synchronously when
// it does: no microtask between the socket's event and the reply's write. Measured on a socket, each
// promise hop between a body's end and its reply costs far more server CPU than it does in process
// (issue 32: encode_submission). The node adapter and the handler's own layers read it with `onto`;
// anything else sees a thenable (`then`), which `await` and `Promise.resolve` take as a promise.

import { isLater, LATER } from './responses.js';

type Ok<T> = (value: T) => void;
type Fail = (error: unknown) => void;

export class Later<T> implements PromiseLike<T> {
  readonly [LATER] = true;
  /** 0 pending, 1 resolved, 2 rejected. */
  private state = 0;
  private value: unknown;
  private ok: Ok<T> | undefined;
  private fail: Fail | undefined;
  /** Readers after the first (rare: the adapter's path has one), in order. */
  private more: [Ok<T>, Fail][] | undefined;

  /** Settles with `value`, or with what a promise `value` settles to. Later calls are ignored. */
  resolve(value: T | PromiseLike<T>): void {
    if (this.state !== 0) return;
    if (isLater<T>(value)) return value.onto((v) => this.resolve(v), (e) => this.reject(e));
    if (typeof (value as { then?: unknown } | null)?.then === 'function') {
      (value as PromiseLike<T>).then((v) => this.resolve(v), (e: unknown) => this.reject(e));
      return;
    }
    this.state = 1;
    this.value = value;
    const ok = this.ok;
    const more = this.more;
    this.ok = this.fail = this.more = undefined;
    ok?.(value as T);
    if (more !== undefined) for (const r of more) r[0](value as T);
  }

  reject(error: unknown): void {
    if (this.state !== 0) return;
    this.state = 2;
    this.value = error;
    const fail = this.fail;
    const more = this.more;
    this.ok = this.fail = this.more = undefined;
    fail?.(error);
    if (more !== undefined) for (const r of more) r[1](error);
  }

  /**
   * A reader: `ok` or `fail` is called once, synchronously from the settling call (or now, when
   * already settled). Neither may throw.
   */
  onto(ok: Ok<T>, fail: Fail): void {
    if (this.state === 1) return ok(this.value as T);
    if (this.state === 2) return fail(this.value);
    if (this.ok === undefined) {
      this.ok = ok;
      this.fail = fail;
    } else (this.more ??= []).push([ok, fail]);
  }

  /** A Later of `f`'s result (or of `recover`'s, when this one fails); either may throw or return a promise. */
  map<U>(f: ((value: T) => U | PromiseLike<U>) | undefined, recover?: (error: unknown) => U | PromiseLike<U>): Later<U> {
    const out = new Later<U>();
    this.onto(
      (v) => {
        try {
          out.resolve(f === undefined ? (v as unknown as U) : f(v));
        } catch (e) {
          out.reject(e);
        }
      },
      (e) => {
        if (recover === undefined) return out.reject(e);
        try {
          out.resolve(recover(e));
        } catch (e2) {
          out.reject(e2);
        }
      },
    );
    return out;
  }

  /** For readers that take it as a promise (`await`, `Promise.resolve`). */
  then<A = T, B = never>(onOk?: ((value: T) => A | PromiseLike<A>) | null, onFail?: ((error: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return new Promise<T>((res, rej) => this.onto(res, rej)).then(onOk, onFail);
  }
}
