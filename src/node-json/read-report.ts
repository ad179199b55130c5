import { isBcsError } from '../bcs/index.js';

// What a read of the node's JSON proved. The reader compares every hash the JSON carries with the
// values it rebuilds (docs/node-json.md "Reading back"); some cannot be rebuilt: a lone state
// checkpoint's or block epilogue's block id, and, read leniently, a Move value whose struct layout
// no ABI gives. Those are listed, never silently taken as checked.

/** A hash (or value) the reader could not check, by its JSON path, and why. */
export interface UncheckedHash {
  path: string;
  reason: string;
}

/** A Move value read leniently without a layout: kept as its JSON (its bytes in the typed value are empty). */
export interface OpaqueValue {
  path: string;
  json: unknown;
}

export interface ReadVerification {
  /** The hashes compared with the values rebuilt from the JSON and found equal, by JSON path. */
  checked: string[];
  /** The hashes that could not be compared, by JSON path, and why. */
  unchecked: UncheckedHash[];
  /** Values without a layout, kept as their JSON (lenient reads only). */
  opaque: OpaqueValue[];
}

export function emptyVerification(): ReadVerification {
  return { checked: [], unchecked: [], opaque: [] };
}

/** Where a reader writes what it checked: a verification and the JSON path of the current transaction. */
export interface Notes {
  lenient: boolean;
  checked(path: string): void;
  unchecked(path: string, reason: string): void;
  opaque(path: string, json: unknown): void;
  /** Values whose bytes the reader guessed among candidates (the hash picks; lenient keeps them as JSON if none fits). */
  guessed?(path: string, json: unknown): void;
}

export function notesInto(v: ReadVerification, prefix: string, lenient: boolean): Notes {
  return {
    lenient,
    checked: (path) => void v.checked.push(prefix + path),
    unchecked: (path, reason) => void v.unchecked.push({ path: prefix + path, reason }),
    opaque: (path, json) => void v.opaque.push({ path: prefix + path, json }),
  };
}

/** How far a collector had got (to take a read's notes back with `truncate`, before reading again). */
export function lengths(v: ReadVerification): { checked: number; unchecked: number; opaque: number } {
  return { checked: v.checked.length, unchecked: v.unchecked.length, opaque: v.opaque.length };
}

export function truncate(v: ReadVerification, to: { checked: number; unchecked: number; opaque: number }): void {
  v.checked.length = to.checked;
  v.unchecked.length = to.unchecked;
  v.opaque.length = to.opaque;
}

/** A value with no layout (its module or struct unknown, or a type the renderer does not read): lenient reads keep it as JSON. */
export function isMissingLayout(e: unknown): boolean {
  return isBcsError(e) && e.code === 'not_supported';
}

export const EMPTY_BYTES: Uint8Array = /* @__PURE__ */ new Uint8Array(0);
