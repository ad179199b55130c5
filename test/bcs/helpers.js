import { expect } from 'vitest';
import { isBcsError } from '../../src/bcs/index.js';
/** Runs `f`, asserting it throws the library's error with `code`; returns the error for more checks. */
export function expectBcsError(f, code) {
    let caught;
    try {
        f();
    }
    catch (e) {
        caught = e;
    }
    if (caught === undefined)
        throw new Error(`expected a BcsError ${code}, but nothing was thrown`);
    if (!isBcsError(caught))
        throw new Error(`expected a BcsError ${code}, got ${String(caught)}`);
    expect(caught.code, caught.message).toBe(code);
    return caught;
}
export const hex = (s) => Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));
