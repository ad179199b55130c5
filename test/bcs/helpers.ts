import { expect } from 'vitest';
import { isBcsError, type BcsError, type BcsErrorCode } from '../../src/bcs/index.js';

/** Runs `f`, asserting it throws the library's error with `code`; returns the error for more checks. */
export function expectBcsError(f: () => unknown, code: BcsErrorCode): BcsError {
  let caught: unknown;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  if (caught === undefined) throw new Error(`expected a BcsError ${code}, but nothing was thrown`);
  if (!isBcsError(caught)) throw new Error(`expected a BcsError ${code}, got ${String(caught)}`);
  expect(caught.code, caught.message).toBe(code);
  return caught;
}

export const hex = (s: string): Uint8Array => Uint8Array.from(s.match(/../g) ?? [], (b) => parseInt(b, 16));
