import { isJsonFloat } from './json-text.js';

// How the node's error messages show JSON values: serde's `Unexpected` (`invalid type: string
// "1", expected u8`) and Rust's `{:?}` of a `serde_json::Value` (`[String("0xb0"), Number(1)]`).
// Hostile input must not make huge messages, so every rendering is bounded (the node's is not).

const MAX_STRING = 64;
const MAX_RENDERED = 256;

/** Rust `{:?}` of a string, cut at 64 characters. */
export function rustDebugString(s: string): string {
  const cut = s.length > MAX_STRING ? `${s.slice(0, MAX_STRING)}…` : s;
  let out = '"';
  for (const ch of cut) {
    const c = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c === 0) out += '\\0';
    else if (c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff)) out += `\\u{${c.toString(16)}}`;
    else out += ch;
  }
  return `${out}"`;
}

/** Rust `Display` of an f64 as serde shows floats: never an exponent, always a decimal point. */
export function rustFloat(f: number): string {
  if (!Number.isFinite(f)) return f > 0 ? 'inf' : f < 0 ? '-inf' : 'NaN';
  if (Object.is(f, -0)) return '-0.0';
  let s = Math.abs(f) >= 1e21 || (f !== 0 && Math.abs(f) < 1e-6) ? expandExponent(f) : String(f);
  if (!s.includes('.')) s += '.0';
  return s;
}

function expandExponent(f: number): string {
  const [mant, exp] = f.toExponential().split('e');
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  const e = Number(exp);
  const body = e >= 0 ? digits.padEnd(e + 1, '0') : `0.${'0'.repeat(-e - 1)}${digits}`;
  return (neg ? '-' : '') + body;
}

/**
 * serde's `Unexpected` for a JSON value, as `serde_json::Value` reports it: `string "x"`,
 * `boolean \`true\``, `null`, `sequence`, `map`, and `number` for any number (the node's
 * serde_json keeps numbers as text, its `arbitrary_precision` form, whose `Unexpected` is the bare
 * word: golden `invalid type: number, expected a string`).
 */
export function unexpected(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return `string ${rustDebugString(v)}`;
    case 'boolean':
      return `boolean \`${v}\``;
    case 'number':
    case 'bigint':
      return 'number';
    default:
      if (v === null || v === undefined) return 'null';
      if (Array.isArray(v)) return 'sequence';
      if (isJsonFloat(v)) return 'number';
      return 'map';
  }
}

/** Rust `{:?}` of a `serde_json::Value` (`String("a")`, `Number(1)`, `Array [...]`, `Object {...}`), bounded. */
export function valueDebug(v: unknown): string {
  const out = { s: '' };
  debugInto(v, out, 0);
  return out.s.length > MAX_RENDERED ? `${out.s.slice(0, MAX_RENDERED)}…` : out.s;
}

/** Rust `{:?}` of a `Vec<serde_json::Value>`: `[String("0xb0"), Number(1)]`, bounded. */
export function valuesDebug(vs: readonly unknown[]): string {
  const out = { s: '' };
  listInto(vs, out, 0);
  return out.s.length > MAX_RENDERED ? `${out.s.slice(0, MAX_RENDERED)}…` : out.s;
}

function listInto(vs: readonly unknown[], out: { s: string }, depth: number): void {
  out.s += '[';
  for (let i = 0; i < vs.length && out.s.length <= MAX_RENDERED; i++) {
    if (i > 0) out.s += ', ';
    debugInto(vs[i], out, depth + 1);
  }
  out.s += ']';
}

function debugInto(v: unknown, out: { s: string }, depth: number): void {
  if (out.s.length > MAX_RENDERED || depth > 16) {
    out.s += '…';
    return;
  }
  if (v === null || v === undefined) out.s += 'Null';
  else if (typeof v === 'boolean') out.s += `Bool(${v})`;
  else if (typeof v === 'number' || typeof v === 'bigint') out.s += `Number(${v})`;
  else if (typeof v === 'string') out.s += `String(${rustDebugString(v)})`;
  else if (Array.isArray(v)) {
    out.s += 'Array ';
    listInto(v, out, depth);
  } else if (isJsonFloat(v)) out.s += `Number(${rustFloat(v.float)})`;
  else if (typeof v === 'object') {
    out.s += 'Object {';
    let first = true;
    for (const k of Object.keys(v)) {
      if (out.s.length > MAX_RENDERED) break;
      out.s += `${first ? '' : ', '}${rustDebugString(k)}: `;
      first = false;
      debugInto((v as Record<string, unknown>)[k], out, depth + 1);
    }
    out.s += '}';
  } else out.s += typeof v;
}
