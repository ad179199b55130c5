import { BcsError } from '../bcs/index.js';
import { isApiError } from '../records/index.js';
import { parseSerdeJson } from '../submission/internal.js';

// The node's JSON as text. It writes with serde_json, whose escaping of strings is JSON.stringify's
// (`\"`, `\\`, `\n`…, other controls as lowercase `\u00xx`), so the common case is JSON.stringify;
// a u64 the node writes as a JSON number beyond 2^53 (BlockEndInfo) is held as a bigint and written
// exactly by the slow path.

/** The compact JSON text of a rendered value, exact for bigint numbers. */
export function nodeJsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (e) {
    if (!(e instanceof TypeError)) throw e;
    return exactText(value);
  }
}

function exactText(v: unknown): string {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${v.map(exactText).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const parts: string[] = [];
    for (const [k, x] of Object.entries(v)) if (x !== undefined) parts.push(`${JSON.stringify(k)}:${exactText(x)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(v);
}

// An integer literal of 16 or more digits outside a string may exceed 2^53. Such a literal follows
// `:`, `,`, `[`, whitespace or `-`, never a word character, a quote or a dot, so 16 digits after
// none of those find every one (and a few inside strings, which only cost the exact path). Twice as
// fast as matching the punctuation and the whitespace after it, which backtracks over every indent.
const LONG_NUMBER = /(?:^|[^\w".])\d{16}/;

/**
 * Reads the node's JSON text. Integers beyond 2^53 come back as bigint (serde_json's reader, from the
 * submission layer, with its nesting limit); any syntax error is an `invalid_json` BcsError.
 */
export function parseNodeJsonText(text: string): unknown {
  return parseText(text, !LONG_NUMBER.test(text));
}

function parseText(text: string, plain: boolean): unknown {
  if (typeof text !== 'string') throw new BcsError('invalid_json', 'expected JSON text');
  try {
    return plain ? JSON.parse(text) : parseSerdeJson(text);
  } catch (e) {
    if (isApiError(e)) throw new BcsError('invalid_json', e.message);
    if (e instanceof SyntaxError || e instanceof RangeError) throw new BcsError('invalid_json', e.message);
    throw e;
  }
}

/**
 * `read` of the node's JSON text, first over JSON.parse's value without looking for long numbers:
 * every reader of this layer refuses a JSON number beyond 2^53 (json-read.ts `int`, a Move value's
 * small integers), so that value can only mislead a read that fails or that keeps some JSON as it
 * stands (a lenient read's opaque values: `keptJson`). Only then is the text searched for long
 * numbers and, if it has any, read again from its exact value, after `undo` takes back what the
 * first read noted. Saves the search (a pass over the whole text) on every read that succeeds.
 */
export function readNodeJsonText<T>(text: string, read: (json: unknown) => T, keptJson: (result: T) => boolean, undo: () => void): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return read(parseNodeJsonText(text)); // fails as parseNodeJsonText fails (serde_json's message where it reads the text)
  }
  let result: T;
  try {
    result = read(value);
  } catch (e) {
    if (!LONG_NUMBER.test(text)) throw e;
    undo();
    return read(parseText(text, false));
  }
  if (!keptJson(result) || !LONG_NUMBER.test(text)) return result;
  undo();
  return read(parseText(text, false));
}
