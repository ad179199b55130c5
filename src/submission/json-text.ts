import { ApiError } from '../records/index.js';
import { MAX_JSON_DEPTH } from './json-value.js';
import { ExactParser } from './exact-json-parser.js';

// Request bodies read the way the node reads them: poem parses the body with serde_json into a
// `serde_json::Value` (recursion limit 128) before looking at any field. serde_json keeps a number
// written `1.0` or `1e2` as a float and an integer beyond 2^53 exactly; `JSON.parse` cannot tell `1.0`
// from `1`, so such bodies take an exact parser. Everything else, the common case, is `JSON.parse`.

// Texts under this length are parsed by JSON.parse and walked with no bracket count first (issue
// 32: a request's usual size); up to SLICED_PARSE_THRESHOLD, with no number scan either.
const SCAN_FROM = 4096;

export { jsonFloat, isJsonFloat, isJsonObject, MAX_JSON_DEPTH, type JsonFloat } from './json-value.js';

/**
 * Parses a request body. Floats come back as `JsonFloat`, integers outside the safe range as
 * bigint, so argument conversion sees what the node sees. Malformed text is a 400
 * `web_framework_error` with serde_json's message (`expected value at line 1 column 1`).
 */
export function parseRequestBody(text: string): unknown {
  if (typeof text !== 'string') throw new ApiError(400, 'web_framework_error', 'parse request payload error: expected a JSON text');
  // JSON.parse keeps lone surrogates that serde_json refuses: any `\u` escape takes the exact parser.
  if (text.indexOf('\\u') >= 0) return new ExactParser(text).parseDocument();
  // Nesting past the limit fails in the exact parser at once: JSON.parse would build all of it first
  // (64 KiB of brackets cost it ~20× their count). A request's usual size, under SCAN_FROM, is
  // parsed and walked without the count: the walk stops at the limit (issue 32). In a long text, a
  // number (or a false alarm in a string) most likely needs the exact parser: JSON.parse first would
  // only double the work (a body of four million `1`s).
  const long = text.length > SLICED_PARSE_THRESHOLD;
  const few = text.length < SCAN_FROM || fewOpenings(text);
  if (!few && nestedBeyond(text, MAX_JSON_DEPTH)) return new ExactParser(text).parseDocument();
  if (long && NUMBER_HINT.test(text)) return new ExactParser(text).parseDocument();
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return new ExactParser(text).parseDocument(); // throws serde_json's message
  }
  if (typeof v !== 'object' || v === null) return typeof v === 'number' ? new ExactParser(text).parseDocument() : v;
  // In a long text, proof from the text that no number and no deep nesting occur spares the walk.
  if (long && few) return v;
  return plainAsSerde(v, 1) ? v : new ExactParser(text).parseDocument();
}

/**
 * Any JSON text read with serde_json's rules, exactly (integers beyond 2^53 as bigint): what the node
 * writes its answers with, so node-json reads them through it. A syntax error is the 400 ApiError
 * with serde_json's message, as for a request body.
 */
export function parseSerdeJson(text: string): unknown {
  return new ExactParser(text).parseDocument();
}

/** Bodies longer than this are read by `parseRequestBodySliced` in slices (64 KiB). */
export const SLICED_PARSE_THRESHOLD = 65_536;
// One slice: about a millisecond of work whatever the tokens (values or characters).
const SLICE_VALUES = 4096;
const SLICE_CHARS = 65_536;

// Another turn of the event loop (setImmediate where there is one: it runs after pending I/O).
export const nextTurn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * `parseRequestBody` for a server (`invalidAt`: where the body's first invalid UTF-8 byte stood,
 * marked in `text` as request-bytes.ts does; the parse then fails as serde_json's would): a body past SLICED_PARSE_THRESHOLD characters is read by the
 * exact parser in slices of about a millisecond, yielding to the event loop between them, so that
 * an 8 MiB body of numbers or empty objects delays other requests by a slice, not by its whole
 * parse. Same values and errors as `parseRequestBody`; `stop`, asked between slices, ends the parse
 * with the error it returns.
 */
export async function parseRequestBodySliced(text: string, invalidAt = -1, stop?: () => Error | undefined): Promise<unknown> {
  if (invalidAt < 0 && (typeof text !== 'string' || text.length <= SLICED_PARSE_THRESHOLD)) return parseRequestBody(text);
  const p = new ExactParser(text, invalidAt);
  while (!p.step(SLICE_VALUES, SLICE_CHARS)) {
    await nextTurn();
    // A server's caller gave up (its connection closed): the rest is not parsed.
    const e = stop?.();
    if (e !== undefined) throw e;
  }
  return invalidAt < 0 ? p.result : unreachableUtf8();
}

// Inside a container a JSON number only follows `:`, `,` or `[` and whitespace. Matches inside
// strings are false alarms that merely send the text to the walk below.
const NUMBER_HINT = /[:,[]\s*[-0-9]/;

// Nesting deeper than MAX_JSON_DEPTH needs more than that many `[` or `{` (counted in strings too).
function fewOpenings(text: string): boolean {
  let n = 0;
  for (let i = text.indexOf('['); i >= 0; i = text.indexOf('[', i + 1)) if (++n > MAX_JSON_DEPTH) return false;
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) if (++n > MAX_JSON_DEPTH) return false;
  return true;
}


/** Whether brackets outside strings nest deeper than `max` somewhere in `text` (one linear scan). */
function nestedBeyond(text: string, max: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
    else if (c === 0x22) {
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x22) break;
        if (d === 0x5c) i++;
      }
    }
  }
  return false;
}

// True when JSON.parse's reading is serde_json's too: no number anywhere (JSON.parse cannot tell
// `1.0` from `1`, nor keep digits beyond 2^53) and no nesting beyond MAX_JSON_DEPTH. Requests are
// mostly strings, so this is the common case. Recursive, so its memory is bounded by the depth (a
// stack of the containers still to visit grew with their number: 155 MB for 8 MiB of `[{},…]`), in
// one function with the value checks written out: a second function called for each value was
// inlined into it level by level, ~16 KB of machine code on a server's request path (perf map).
function plainAsSerde(v: object, depth: number): boolean {
  if (depth > MAX_JSON_DEPTH) return false;
  // Arrays by index: `for…in` makes a string of every index (2 s for two million `{}`).
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const x: unknown = v[i];
      if (typeof x === 'object') {
        if (x !== null && !plainAsSerde(x, depth + 1)) return false;
      } else if (typeof x === 'number') return false;
    }
    return true;
  }
  // Objects by `for…in`, which JSON.parse's objects answer from their shape's key cache: no key
  // array per object, as `Object.keys` makes.
  const o = v as Record<string, unknown>;
  for (const k in o) {
    const x = o[k];
    if (typeof x === 'object') {
      if (x !== null && !plainAsSerde(x, depth + 1)) return false;
    } else if (typeof x === 'number') return false;
  }
  return true;
}

/**
 * Parses text in which `firstInvalid` marks where the body's first invalid UTF-8 byte stood, and
 * throws serde_json's error for it (request-bytes.ts).
 */
export function failOnInvalidUtf8(text: string, firstInvalid: number): never {
  new ExactParser(text, firstInvalid).parseDocument();
  return unreachableUtf8();
}

// Unreachable: a marker outside a string is a syntax error, inside one it fails when the string ends.
function unreachableUtf8(): never {
  throw new ApiError(400, 'web_framework_error', 'parse request payload error: invalid unicode code point');
}
