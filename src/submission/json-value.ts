// The values a request body parses to beside JSON.parse's: serde_json's floats, kept apart from
// integers, and the depth serde_json allows.

/** A JSON number serde_json holds as f64 (`1.0`, `1e2`, or an integer outside u64/i64). */
export interface JsonFloat {
  readonly float: number;
}

const FLOAT_TAG = Symbol.for('ledger-bcs.json-float');

// The tag sits on the prototype: a body of two million `1.5`s makes two million of these, and an
// own symbol property plus a freeze each made that 2 s.
// Made in a pure wrapper: a top-level defineProperty would stay in every bundle importing this file.
const Float = /* @__PURE__ */ (() => {
  class F implements JsonFloat {
    constructor(readonly float: number) {}
  }
  Object.defineProperty(F.prototype, FLOAT_TAG, { value: true });
  return F;
})();

export function jsonFloat(value: number): JsonFloat {
  return new Float(value);
}

export function isJsonFloat(v: unknown): v is JsonFloat {
  return typeof v === 'object' && v !== null && (v as Record<symbol, unknown>)[FLOAT_TAG] === true;
}

/** A JSON object (not an array, not a float). */
export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !isJsonFloat(v);
}

/** serde_json's default recursion limit. */
export const MAX_JSON_DEPTH = 128;
