import { ApiError } from './api-error.js';

// Request bodies read the way the node reads them: poem parses the body with serde_json into a
// `serde_json::Value` (recursion limit 128) before looking at any field. serde_json keeps a number
// written `1.0` or `1e2` as a float and an integer beyond 2^53 exactly; `JSON.parse` cannot tell `1.0`
// from `1`, so such bodies take an exact parser. Everything else, the common case, is `JSON.parse`.

/** A JSON number serde_json holds as f64 (`1.0`, `1e2`, or an integer outside u64/i64). */
export interface JsonFloat {
  readonly float: number;
}

const FLOAT_TAG = Symbol.for('ledger-bcs.json-float');

export function jsonFloat(value: number): JsonFloat {
  return Object.freeze({ float: value, [FLOAT_TAG]: true });
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

/**
 * Parses a request body. Floats come back as `JsonFloat`, integers outside the safe range as
 * bigint, so argument conversion sees what the node sees. Malformed text is a 400
 * `web_framework_error` with serde_json's message (`expected value at line 1 column 1`).
 */
export function parseRequestBody(text: string): unknown {
  if (typeof text !== 'string') throw new ApiError(400, 'web_framework_error', 'parse request payload error: expected a JSON text');
  // JSON.parse keeps lone surrogates that serde_json refuses: any `\u` escape takes the exact parser.
  if (text.indexOf('\\u') >= 0) return new ExactParser(text).parseDocument();
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return new ExactParser(text).parseDocument(); // throws serde_json's message
  }
  if (typeof v !== 'object' || v === null) return typeof v === 'number' ? new ExactParser(text).parseDocument() : v;
  // Text-level proof that no number and no deep nesting occur (the common case) spares the walk.
  if (!NUMBER_HINT.test(text) && fewOpenings(text)) return v;
  return plainAsSerde(v) ? v : new ExactParser(text).parseDocument();
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

// True when JSON.parse's reading is serde_json's too: no number anywhere (JSON.parse cannot tell
// `1.0` from `1`, nor keep digits beyond 2^53) and no nesting beyond MAX_JSON_DEPTH. Requests are
// mostly strings, so this is the common case; a walk without recursion, so depth cannot hurt it.
function plainAsSerde(root: unknown): boolean {
  if (typeof root !== 'object' || root === null) return typeof root !== 'number';
  const stack: unknown[] = [root];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const v = stack.pop() as Record<string, unknown>;
    const d = depths.pop()!;
    if (d > MAX_JSON_DEPTH) return false;
    for (const k in v) {
      const x = v[k];
      if (typeof x === 'object') {
        if (x !== null) {
          stack.push(x);
          depths.push(d + 1);
        }
      } else if (typeof x === 'number') return false;
    }
  }
  return true;
}

const MESSAGES = {
  eofValue: 'EOF while parsing a value',
  eofList: 'EOF while parsing a list',
  eofObject: 'EOF while parsing an object',
  eofString: 'EOF while parsing a string',
  colon: 'expected `:`',
  listEnd: 'expected `,` or `]`',
  objectEnd: 'expected `,` or `}`',
  ident: 'expected ident',
  value: 'expected value',
  escape: 'invalid escape',
  number: 'invalid number',
  codePoint: 'invalid unicode code point',
  control: 'control character (\\u0000-\\u001F) found while parsing a string',
  key: 'key must be a string',
  surrogate: 'lone leading surrogate in hex escape',
  trailingComma: 'trailing comma',
  trailing: 'trailing characters',
  hexEnd: 'unexpected end of hex escape',
  recursion: 'recursion limit exceeded',
  range: 'number out of range',
} as const;

/**
 * Parses text in which `firstInvalid` marks where the body's first invalid UTF-8 byte stood, and
 * throws serde_json's error for it (request-bytes.ts).
 */
export function failOnInvalidUtf8(text: string, firstInvalid: number): never {
  new ExactParser(text, firstInvalid).parseDocument();
  // Unreachable: a marker outside a string is a syntax error, inside one it fails when the string ends.
  throw new ApiError(400, 'web_framework_error', 'parse request payload error: invalid unicode code point');
}

// A recursive-descent JSON parser with serde_json's rules and messages. Nesting is bounded by
// MAX_JSON_DEPTH, so its recursion is too.
class ExactParser {
  private i = 0;
  private depth = 0;
  /**
   * `invalidAt`: where the body had a byte that is not UTF-8 (the text holds `@` there, one byte as
   * the original). serde_json's `from_slice` checks a string's UTF-8 only when it has read the whole
   * string, so such a byte fails as `invalid unicode code point` after the string's closing quote;
   * outside a string it is an unexpected character like `@`.
   */
  constructor(
    private readonly s: string,
    private readonly invalidAt = -1,
  ) {}

  parseDocument(): unknown {
    this.ws();
    const v = this.value();
    this.ws();
    if (this.i < this.s.length) this.fail('trailing', false);
    return v;
  }

  private fail(kind: keyof typeof MESSAGES, eof: boolean): never {
    const upto = this.s.slice(0, this.i);
    const nl = upto.lastIndexOf('\n');
    let line = 1;
    for (let k = upto.indexOf('\n'); k !== -1; k = upto.indexOf('\n', k + 1)) line++;
    const col = new TextEncoder().encode(upto.slice(nl + 1)).length + (eof ? 0 : 1);
    throw new ApiError(400, 'web_framework_error', `parse request payload error: ${MESSAGES[kind]} at line ${line} column ${col}`);
  }

  private ws(): void {
    const s = this.s;
    let i = this.i;
    for (let c = s.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = s.charCodeAt(++i));
    this.i = i;
  }

  private value(): unknown {
    const s = this.s;
    if (this.i >= s.length) this.fail('eofValue', true);
    const c = s[this.i];
    switch (c) {
      case '{':
        return this.object();
      case '[':
        return this.array();
      case '"':
        return this.string();
      case 't':
        return this.ident('true', true);
      case 'f':
        return this.ident('false', false);
      case 'n':
        return this.ident('null', null);
      default:
        if (c === '-' || (c >= '0' && c <= '9')) return this.number();
        return this.fail('value', false);
    }
  }

  private ident<T>(word: string, v: T): T {
    for (let k = 0; k < word.length; k++, this.i++) {
      if (this.i >= this.s.length) this.fail('eofValue', true);
      if (this.s[this.i] !== word[k]) this.fail('ident', false);
    }
    return v;
  }

  private enter(): void {
    if (++this.depth > MAX_JSON_DEPTH) this.fail('recursion', false);
    this.i++;
  }

  private array(): unknown[] {
    this.enter();
    const out: unknown[] = [];
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.ws();
      out.push(this.value());
      this.ws();
      if (this.i >= this.s.length) this.fail('eofList', true);
      const c = this.s[this.i++];
      if (c === ']') break;
      if (c !== ',') this.back('listEnd');
      this.ws();
      if (this.s[this.i] === ']') this.fail('trailingComma', false);
    }
    this.depth--;
    return out;
  }

  private object(): Record<string, unknown> {
    this.enter();
    const out: Record<string, unknown> = {};
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      this.depth--;
      return out;
    }
    for (;;) {
      this.ws();
      if (this.i >= this.s.length) this.fail('eofObject', true);
      if (this.s[this.i] !== '"') this.fail(this.s[this.i] === '}' ? 'trailingComma' : 'key', false);
      const key = this.string();
      this.ws();
      if (this.i >= this.s.length) this.fail('eofObject', true);
      if (this.s[this.i] !== ':') this.fail('colon', false);
      this.i++;
      this.ws();
      // Own data property even for `__proto__`, as JSON.parse does: a key is data, never a prototype.
      Object.defineProperty(out, key, { value: this.value(), enumerable: true, writable: true, configurable: true });
      this.ws();
      if (this.i >= this.s.length) this.fail('eofObject', true);
      const c = this.s[this.i++];
      if (c === '}') break;
      if (c !== ',') this.back('objectEnd');
    }
    this.depth--;
    return out;
  }

  private back(kind: keyof typeof MESSAGES): never {
    this.i--;
    return this.fail(kind, false);
  }

  private string(): string {
    const s = this.s;
    let i = ++this.i;
    const first = i;
    let out = '';
    let start = i;
    for (;;) {
      if (i >= s.length) {
        this.i = i;
        this.fail('eofString', true);
      }
      const c = s.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) {
        this.i = i;
        this.fail('control', false);
      }
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += s.slice(start, i);
      this.i = i + 1;
      out += this.escape();
      i = start = this.i;
    }
    if (this.invalidAt >= first && this.invalidAt < i) {
      this.i = i + 1;
      this.fail('codePoint', true);
    }
    this.i = i + 1;
    return out + s.slice(start, i);
  }

  private escape(): string {
    const s = this.s;
    if (this.i >= s.length) this.fail('eofString', true);
    const e = s[this.i++];
    switch (e) {
      case '"':
      case '\\':
      case '/':
        return e;
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'u': {
        // serde_json read.rs `parse_unicode_escape`: a trailing surrogate first, or a leading one
        // followed by `\\uXXXX` that is no trailing surrogate, is a "lone leading surrogate" (its
        // source says "XXX: This is actually a trailing surrogate"); a leading one not followed by
        // `\\u` is an "unexpected end of hex escape", reported after the byte it read.
        const hi = this.hex4();
        if (hi < 0xd800 || hi > 0xdfff) return String.fromCharCode(hi);
        if (hi > 0xdbff) this.fail('surrogate', true);
        for (const expected of ['\\', 'u']) {
          if (this.i >= s.length) this.fail('eofString', true);
          if (s[this.i] !== expected) this.fail('hexEnd', false);
          this.i++;
        }
        const lo = this.hex4();
        if (lo < 0xdc00 || lo > 0xdfff) this.fail('surrogate', true);
        return String.fromCharCode(hi, lo);
      }
      default:
        this.i--;
        return this.fail('escape', false);
    }
  }

  // serde_json `decode_hex_escape`: fewer than four characters left is the end of input; otherwise
  // all four are read, and a non-hex digit among them is an "invalid escape" after them.
  private hex4(): number {
    if (this.i + 4 > this.s.length) {
      this.i = this.s.length;
      this.fail('eofString', true);
    }
    let v = 0;
    let bad = false;
    for (let k = 0; k < 4; k++) {
      const d = parseInt(this.s[this.i + k], 16);
      if (Number.isNaN(d)) bad = true;
      v = v * 16 + d;
    }
    this.i += 4;
    if (bad) this.fail('escape', true);
    return v;
  }

  private number(): unknown {
    const s = this.s;
    const start = this.i;
    let i = start;
    if (s[i] === '-') i++;
    const digit = (k: number) => k < s.length && s.charCodeAt(k) >= 0x30 && s.charCodeAt(k) <= 0x39;
    if (!digit(i)) {
      this.i = i;
      this.fail(i >= s.length ? 'eofValue' : 'number', i >= s.length);
    }
    if (s[i] === '0') {
      i++;
      if (digit(i)) {
        this.i = i;
        this.fail('number', false);
      }
    } else while (digit(i)) i++;
    let float = false;
    if (s[i] === '.') {
      float = true;
      i++;
      if (!digit(i)) {
        this.i = i;
        this.fail(i >= s.length ? 'eofValue' : 'number', i >= s.length);
      }
      while (digit(i)) i++;
    }
    if (s[i] === 'e' || s[i] === 'E') {
      float = true;
      i++;
      if (s[i] === '+' || s[i] === '-') i++;
      if (!digit(i)) {
        this.i = i;
        this.fail(i >= s.length ? 'eofValue' : 'number', i >= s.length);
      }
      while (digit(i)) i++;
    }
    this.i = i;
    const text = s.slice(start, i);
    if (float) {
      const f = Number(text);
      if (!Number.isFinite(f)) {
        this.i = start;
        this.fail('range', false);
      }
      return jsonFloat(f);
    }
    const n = Number(text);
    if (Number.isSafeInteger(n)) return n;
    const big = BigInt(text);
    // serde_json holds integers in u64 or i64; anything wider becomes a float.
    return big >= -(1n << 63n) && big < 1n << 64n ? big : jsonFloat(n);
  }
}
