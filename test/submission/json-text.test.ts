import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonFloat, parseRequestBody } from '../../src/submission/index.js';
import { isApiError } from '../../src/records/index.js';
import { requestText } from '../../src/submission/request-bytes.js';

const messageOf = (text: string): string => {
  try {
    parseRequestBody(text);
  } catch (e) {
    if (isApiError(e)) {
      expect(e.status).toBe(400);
      expect(e.errorCode).toBe('web_framework_error');
      return e.message.replace('parse request payload error: ', '');
    }
    throw e;
  }
  throw new Error('expected an error');
};

describe('parseRequestBody (serde_json semantics)', () => {
  it('reads what JSON.parse reads, for any JSON value without floats', () => {
    const noFloats = fc.jsonValue().filter((v) => !/[0-9][.eE]|[0-9]{16}|\\u/.test(JSON.stringify(v)));
    fc.assert(
      fc.property(noFloats, (v) => {
        expect(parseRequestBody(JSON.stringify(v))).toEqual(JSON.parse(JSON.stringify(v)));
      }),
      { numRuns: 300 },
    );
  });
  it('sees a number wherever it stands (after whitespace, deep in an ignored field), and nesting past the limit however the brackets are spelled', () => {
    for (const text of ['{"a":\n\t 1.0}', '{"a":[ "x", [ {"b":  -2e0} ]]}', '[\r\n1.5]']) {
      const floats: unknown[] = [];
      JSON.stringify(parseRequestBody(text), (_k, v) => (isJsonFloat(v) ? (floats.push(v), null) : v));
      expect(floats, text).toHaveLength(1);
    }
    // Brackets inside strings do not nest, but they cannot hide real nesting either.
    const deep = '{"s":"' + ']'.repeat(200) + '","d":' + '['.repeat(128) + ']'.repeat(128) + '}';
    expect(messageOf(deep)).toBe(`recursion limit exceeded at line 1 column ${deep.indexOf('[') + 128}`);
    const fine = '{"s":"' + '['.repeat(200) + '","d":' + '['.repeat(127) + ']'.repeat(127) + '}';
    expect(parseRequestBody(fine)).toEqual(JSON.parse(fine));
  });
  it('keeps floats distinguishable and integers beyond 2^53 exact', () => {
    const v = parseRequestBody('[1, 1.0, 1e2, -0.5, 9007199254740993, -9223372036854775808, 18446744073709551615, 18446744073709551616]') as unknown[];
    expect(v[0]).toBe(1);
    expect(isJsonFloat(v[1]) && v[1].float).toBe(1);
    expect(isJsonFloat(v[2]) && v[2].float).toBe(100);
    expect(isJsonFloat(v[3]) && v[3].float).toBe(-0.5);
    expect(v[4]).toBe(9007199254740993n);
    expect(v[5]).toBe(-9223372036854775808n);
    expect(v[6]).toBe(18446744073709551615n);
    expect(isJsonFloat(v[7])).toBe(true); // beyond u64: serde_json holds an f64
  });
  it('escapes: surrogate pairs decode, lone surrogates are refused as serde_json refuses them', () => {
    expect(parseRequestBody('"\\ud83d\\ude00 \\u00e9\\n"')).toBe('😀 é\n');
    // serde_json read.rs parse_unicode_escape / decode_hex_escape, message and column.
    expect(messageOf('"\\ud83d"')).toBe('unexpected end of hex escape at line 1 column 8');
    expect(messageOf('"\\ud83d\\n"')).toBe('unexpected end of hex escape at line 1 column 9');
    expect(messageOf('"\\udc00"')).toBe('lone leading surrogate in hex escape at line 1 column 7');
    expect(messageOf('"\\ud83d\\u0041"')).toBe('lone leading surrogate in hex escape at line 1 column 13');
    expect(messageOf('"\\ud83d')).toBe('EOF while parsing a string at line 1 column 7');
    expect(messageOf('"\\u12"')).toBe('EOF while parsing a string at line 1 column 6');
    expect(messageOf('"\\u12g4"')).toBe('invalid escape at line 1 column 7');
    expect(messageOf('"\\x"')).toBe('invalid escape at line 1 column 3');
  });
  it("malformed text gets serde_json's message with line and column", () => {
    expect(messageOf('')).toBe('EOF while parsing a value at line 1 column 0');
    expect(messageOf('{"a":1,}')).toBe('trailing comma at line 1 column 8');
    expect(messageOf('[1,]')).toBe('trailing comma at line 1 column 4');
    expect(messageOf('{"a" 1}')).toBe('expected `:` at line 1 column 6');
    expect(messageOf('{1:2}')).toBe('key must be a string at line 1 column 2');
    expect(messageOf('[1 2]')).toBe('expected `,` or `]` at line 1 column 4');
    expect(messageOf('{"a":1 "b"}')).toBe('expected `,` or `}` at line 1 column 8');
    expect(messageOf('{}x')).toBe('trailing characters at line 1 column 3');
    expect(messageOf('\n\n  @')).toBe('expected value at line 3 column 3');
    expect(messageOf('01')).toBe('invalid number at line 1 column 2');
    expect(messageOf('"a\u0001"')).toBe('control character (\\u0000-\\u001F) found while parsing a string at line 1 column 3');
    expect(messageOf('[1e999]')).toBe('number out of range at line 1 column 2');
    expect(messageOf('tru')).toBe('EOF while parsing a value at line 1 column 3');
  });
  it('nesting beyond serde_json\'s limit of 128 is refused, never a stack overflow', () => {
    expect(parseRequestBody('['.repeat(128) + ']'.repeat(128))).toBeDefined();
    expect(messageOf('['.repeat(129) + ']'.repeat(129))).toBe('recursion limit exceeded at line 1 column 129');
    expect(messageOf('['.repeat(100_000))).toMatch(/^recursion limit exceeded/);
  });
  it('__proto__ is an own key, never a prototype', () => {
    for (const text of ['{"__proto__": {"polluted": 1}}', '{"__proto__": {"polluted": 1}, "x": 1.5}']) {
      const v = parseRequestBody(text) as Record<string, unknown>;
      expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
      expect(Object.keys(v)[0]).toBe('__proto__');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });
  it('never throws anything but an ApiError on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[]",:0123456789.eE-+tfnul\\ abc\n') }), (s) => {
        try {
          parseRequestBody(s);
        } catch (e) {
          expect(isApiError(e)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('requestText (request bytes as serde_json from_slice reads them)', () => {
  const failure = (bytes: number[]): string => {
    try {
      requestText(Uint8Array.from(bytes));
    } catch (e) {
      if (isApiError(e)) return e.message.replace('parse request payload error: ', '');
      throw e;
    }
    throw new Error('expected an error');
  };
  const enc = (s: string) => [...new TextEncoder().encode(s)];
  it('UTF-8 passes through; a bad byte fails after its string, or where it stands outside one', () => {
    expect(requestText(Uint8Array.from(enc('{"a":"é"}')))).toBe('{"a":"é"}');
    expect(failure([...enc('{"a":"x'), 0xff, ...enc('yz"}')])).toBe('invalid unicode code point at line 1 column 11');
    expect(failure([...enc('{"a":'), 0xc0, 0x80, ...enc('}')])).toBe('expected value at line 1 column 6');
    expect(failure([...enc('{"a":1}'), 0xff])).toBe('trailing characters at line 1 column 8');
  });
});
