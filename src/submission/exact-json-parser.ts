import { ApiError } from '../records/index.js';
import { jsonFloat, MAX_JSON_DEPTH } from './json-value.js';
import { MESSAGES } from './json-messages.js';

/** A digit's char code (false for NaN, past the end). */
function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

// A JSON parser with serde_json's rules and messages. Containers are frames on an explicit stack
// (nesting bounded by MAX_JSON_DEPTH), so the parse can stop after any value and resume: a large
// body is read in slices between which the event loop runs other requests (parseRequestBodySliced).
interface Frame {
  /** The array being filled, or null for an object. */
  readonly arr: unknown[] | null;
  readonly obj: Record<string, unknown> | null;
  /** The object member whose value is being read. */
  key: string;
}

export class ExactParser {
  private i = 0;
  private depth = 0;
  private readonly stack: Frame[] = [];
  /** Whether the next step reads a member name (else a value). */
  private atKey = false;
  private done = false;
  private root: unknown;
  // Native scans for long runs (an 8 MiB string, number or whitespace is one token: a slice cannot
  // end inside it, so it must be cheap). Per parser: a global regex carries lastIndex.
  private readonly special = /["\\\u0000-\u001f]/g;
  private readonly digitRun = /[0-9]*/y;
  private readonly wsRun = /[ \n\r\t]*/y;
  /**
   * `invalidAt`: where the body had a byte that is not UTF-8 (the text holds `@` there, one byte as
   * the original). serde_json's `from_slice` checks a string's UTF-8 only when it has read the whole
   * string, so such a byte fails as `invalid unicode code point` after the string's closing quote;
   * outside a string it is an unexpected character like `@`.
   */
  constructor(
    private readonly s: string,
    private readonly invalidAt = -1,
  ) {
    this.ws();
  }

  parseDocument(): unknown {
    this.step(Infinity);
    return this.root;
  }

  /**
   * Reads up to `values` more values (or until `chars` more characters are consumed); true once the
   * document is complete and checked for trailing characters (`root` is its value).
   */
  step(values: number, chars = Infinity): boolean {
    const stop = this.i + chars;
    while (!this.done) {
      if (values-- <= 0 || this.i > stop) return false;
      if (this.atKey) this.key();
      else this.value();
    }
    return true;
  }

  get result(): unknown {
    return this.root;
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
    const stop = i + 32;
    for (let c = s.charCodeAt(i); c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09; c = s.charCodeAt(++i)) {
      if (i === stop) {
        this.wsRun.lastIndex = i;
        this.wsRun.test(s);
        i = this.wsRun.lastIndex;
        break;
      }
    }
    this.i = i;
  }

  /** The end of the run of digits starting at `i`. */
  private digits(i: number): number {
    const s = this.s;
    const stop = i + 32;
    while (isDigit(s.charCodeAt(i))) {
      if (++i === stop) {
        this.digitRun.lastIndex = i;
        this.digitRun.test(s);
        return this.digitRun.lastIndex;
      }
    }
    return i;
  }

  /** One value at the cursor: a scalar is delivered, a container opened (or delivered when empty). */
  private value(): void {
    const s = this.s;
    if (this.i >= s.length) this.fail('eofValue', true);
    const c = s.charCodeAt(this.i);
    switch (c) {
      case 0x7b: // {
        this.enter();
        this.ws();
        if (s.charCodeAt(this.i) === 0x7d) {
          this.i++;
          this.depth--;
          return this.deliver({});
        }
        this.stack.push({ arr: null, obj: {}, key: '' });
        this.atKey = true;
        return;
      case 0x5b: // [
        this.enter();
        this.ws();
        if (s.charCodeAt(this.i) === 0x5d) {
          this.i++;
          this.depth--;
          return this.deliver([]);
        }
        this.stack.push({ arr: [], obj: null, key: '' });
        this.ws();
        return;
      case 0x22: // "
        return this.deliver(this.string());
      case 0x74: // t
        return this.deliver(this.ident('true', true));
      case 0x66: // f
        return this.deliver(this.ident('false', false));
      case 0x6e: // n
        return this.deliver(this.ident('null', null));
      default:
        if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.deliver(this.number());
        return this.fail('value', false);
    }
  }

  /** An object member's name and its colon; the value is the next step. */
  private key(): void {
    const s = this.s;
    this.ws();
    if (this.i >= s.length) this.fail('eofObject', true);
    if (s.charCodeAt(this.i) !== 0x22) this.fail(s.charCodeAt(this.i) === 0x7d ? 'trailingComma' : 'key', false);
    this.stack[this.stack.length - 1]!.key = this.string();
    this.ws();
    if (this.i >= s.length) this.fail('eofObject', true);
    if (s.charCodeAt(this.i) !== 0x3a) this.fail('colon', false);
    this.i++;
    this.ws();
    this.atKey = false;
  }

  /** Puts a finished value into its container, closing every container that ends after it. */
  private deliver(v: unknown): void {
    const s = this.s;
    for (;;) {
      const top = this.stack[this.stack.length - 1];
      if (top === undefined) {
        this.ws();
        if (this.i < s.length) this.fail('trailing', false);
        this.root = v;
        this.done = true;
        return;
      }
      if (top.arr !== null) {
        top.arr.push(v);
        this.ws();
        if (this.i >= s.length) this.fail('eofList', true);
        const c = s.charCodeAt(this.i++);
        if (c === 0x2c) {
          this.ws();
          if (s.charCodeAt(this.i) === 0x5d) this.fail('trailingComma', false);
          this.ws();
          return;
        }
        if (c !== 0x5d) this.back('listEnd');
        v = top.arr;
      } else {
        const obj = top.obj!;
        // Own data property even for `__proto__`, as JSON.parse does: a key is data, never a prototype.
        if (top.key === '__proto__') Object.defineProperty(obj, top.key, { value: v, enumerable: true, writable: true, configurable: true });
        else obj[top.key] = v;
        this.ws();
        if (this.i >= s.length) this.fail('eofObject', true);
        const c = s.charCodeAt(this.i++);
        if (c === 0x2c) {
          this.atKey = true;
          return;
        }
        if (c !== 0x7d) this.back('objectEnd');
        v = obj;
      }
      this.stack.pop();
      this.depth--;
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
    const special = this.special;
    for (;;) {
      special.lastIndex = i;
      i = special.test(s) ? special.lastIndex - 1 : s.length;
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
    const n = s.length;
    const start = this.i;
    let i = start;
    if (s.charCodeAt(i) === 0x2d) i++;
    if (!isDigit(s.charCodeAt(i))) {
      this.i = i;
      this.fail(i >= n ? 'eofValue' : 'number', i >= n);
    }
    const intStart = i;
    if (s.charCodeAt(i) === 0x30) {
      i++;
      if (isDigit(s.charCodeAt(i))) {
        this.i = i;
        this.fail('number', false);
      }
    } else i = this.digits(i);
    const intDigits = i - intStart;
    let float = false;
    if (s.charCodeAt(i) === 0x2e) {
      float = true;
      i++;
      if (!isDigit(s.charCodeAt(i))) {
        this.i = i;
        this.fail(i >= n ? 'eofValue' : 'number', i >= n);
      }
      i = this.digits(i);
    }
    const e = s.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      float = true;
      i++;
      const sign = s.charCodeAt(i);
      if (sign === 0x2b || sign === 0x2d) i++;
      if (!isDigit(s.charCodeAt(i))) {
        this.i = i;
        this.fail(i >= n ? 'eofValue' : 'number', i >= n);
      }
      i = this.digits(i);
    }
    this.i = i;
    // Short integers, the common case, without a substring: at most 15 digits are exact in a double.
    if (!float && intDigits <= 15) {
      let v = 0;
      for (let k = intStart; k < i; k++) v = v * 10 + (s.charCodeAt(k) - 0x30);
      return start === intStart ? v : v === 0 ? -0 : -v;
    }
    const text = s.slice(start, i);
    if (float) {
      const f = Number(text);
      if (!Number.isFinite(f)) {
        this.i = start;
        this.fail('range', false);
      }
      return jsonFloat(f);
    }
    const v = Number(text);
    if (Number.isSafeInteger(v)) return v;
    // serde_json holds integers in u64 or i64; anything wider becomes a float. Past 20 digits it
    // cannot fit, and BigInt of a million digits is quadratic: decided without it.
    if (intDigits > 20) return jsonFloat(v);
    const big = BigInt(text);
    return big >= -(1n << 63n) && big < 1n << 64n ? big : jsonFloat(v);
  }
}
