// A value that arrives later (a request body's end event), handed to its reader synchronously when
// it does: no microtask between the socket's event and the reply's write. Measured on a socket, each
// promise hop between a body's end and its reply costs far more server CPU than it does in process
// (issue 32: encode_submission). The node adapter and the handler's own layers read it with `read`
// (an object) or `onto` (two functions); anything else sees a thenable (`then`), which `await` and
// `Promise.resolve` take as a promise.

import { isLater, LATER } from './responses.js';

type Ok<T> = (value: T) => void;
type Fail = (error: unknown) => void;

/**
 * A Later's reader as one object: a request's own object (the node adapter's exchange, the encode
 * route's call), so a step costs no closures (issue 32: closures per request, each compiled on
 * its first call, were a visible share of a small request's CPU). Neither method may throw.
 */
export interface LaterReader<T> {
  ok(value: T): void;
  fail(error: unknown): void;
}

export class Later<T> implements PromiseLike<T> {
  readonly [LATER] = true;
  /** 0 pending, 1 resolved, 2 rejected. */
  private state = 0;
  private value: unknown;
  private reader: LaterReader<T> | undefined;
  /** Readers after the first (rare: the adapter's path has one), in order. */
  private more: LaterReader<T>[] | undefined;

  /** Settles with `value`, or with what a promise `value` settles to. Later calls are ignored. */
  resolve(value: T | PromiseLike<T>): void {
    if (this.state !== 0) return;
    if (isLater<T>(value)) return value.read(new Forward(this));
    if (typeof (value as { then?: unknown } | null)?.then === 'function') {
      (value as PromiseLike<T>).then((v) => this.resolve(v), (e: unknown) => this.reject(e));
      return;
    }
    this.settle(1, value);
  }

  reject(error: unknown): void {
    if (this.state === 0) this.settle(2, error);
  }

  private settle(state: 1 | 2, value: unknown): void {
    this.state = state;
    this.value = value;
    const reader = this.reader;
    const more = this.more;
    this.reader = this.more = undefined;
    if (reader !== undefined) tell(reader, state, value);
    if (more !== undefined) for (const r of more) tell(r, state, value);
  }

  /** A reader, told once, synchronously from the settling call (or now, when already settled). */
  read(reader: LaterReader<T>): void {
    if (this.state !== 0) return tell(reader, this.state, this.value);
    if (this.reader === undefined) this.reader = reader;
    else (this.more ??= []).push(reader);
  }

  /** `read` with two functions: `ok` or `fail` is called once. Neither may throw. */
  onto(ok: Ok<T>, fail: Fail): void {
    this.read({ ok, fail });
  }

  /** For readers that take it as a promise (`await`, `Promise.resolve`). */
  then<A = T, B = never>(onOk?: ((value: T) => A | PromiseLike<A>) | null, onFail?: ((error: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return new Promise<T>((res, rej) => this.onto(res, rej)).then(onOk, onFail);
  }
}

function tell<T>(reader: LaterReader<T>, state: number, value: unknown): void {
  if (state === 1) reader.ok(value as T);
  else reader.fail(value);
}

/** A Later resolved with another: settled as that one settles. */
class Forward<T> implements LaterReader<T> {
  constructor(private readonly to: Later<T>) {}
  ok(v: T): void {
    this.to.resolve(v);
  }
  fail(e: unknown): void {
    this.to.reject(e);
  }
}
