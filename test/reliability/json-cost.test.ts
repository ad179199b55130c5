import { afterEach, describe, expect, it, vi } from 'vitest';
import { isJsonFloat, parseRequestBody } from '../../src/submission/index.js';

// Number-heavy and deeply nested bodies: the reader's work per token stays small and linear. The
// costs are pinned by what the reader no longer does (time is measured by `npm run fuzz`).

afterEach(() => vi.restoreAllMocks());

describe('request bodies cost linear work whatever their tokens', () => {
  it('a huge integer is no BigInt (quadratic in its digits); it is a float, as serde_json holds it', () => {
    const big = vi.spyOn(globalThis, 'BigInt');
    const v = parseRequestBody(`[${'9'.repeat(100_000)}]`) as unknown[];
    expect(isJsonFloat(v[0])).toBe(true);
    expect(big).not.toHaveBeenCalled();
    // Up to 20 digits still decides u64/i64 exactly.
    expect(parseRequestBody('[18446744073709551615]')).toEqual([18446744073709551615n]);
    expect(isJsonFloat((parseRequestBody('[18446744073709551616]') as unknown[])[0])).toBe(true);
    expect(parseRequestBody('[-9223372036854775808]')).toEqual([-9223372036854775808n]);
  });

  it('floats are cheap values: the tag is on their prototype, not an own symbol of each', () => {
    const v = (parseRequestBody('[1.5, 2e3]') as unknown[])[0]!;
    expect(isJsonFloat(v)).toBe(true);
    expect((v as { float: number }).float).toBe(1.5);
    expect(Object.getOwnPropertySymbols(v)).toEqual([]);
    expect(Object.keys(v)).toEqual(['float']);
  });

  it('nesting past the limit is refused without JSON.parse building it first', () => {
    const parse = vi.spyOn(JSON, 'parse');
    expect(() => parseRequestBody('['.repeat(100_000))).toThrow('recursion limit exceeded at line 1 column 129');
    expect(() => parseRequestBody(`{"a":"]]]]","b":${'['.repeat(200)}`)).toThrow('recursion limit exceeded');
    expect(parse).not.toHaveBeenCalled();
    // 128 levels, and brackets inside strings, still parse.
    expect(parseRequestBody(`${'['.repeat(128)}${']'.repeat(128)}`)).toBeInstanceOf(Array);
    expect(parseRequestBody(JSON.stringify({ s: '['.repeat(500) }))).toEqual({ s: '['.repeat(500) });
  });

  it('a large body with numbers goes to the exact reader once, not JSON.parse and then it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    const text = `[${new Array(40_000).fill('1').join(',')}]`;
    expect(parseRequestBody(text)).toHaveLength(40_000);
    expect(parse).not.toHaveBeenCalled();
  });

  it('short integers keep their sign and value without a substring', () => {
    expect(parseRequestBody('[0, -0, 7, -7, 123456789012345, -123456789012345, 1234567890123456]')).toEqual([
      0, -0, 7, -7, 123456789012345, -123456789012345, 1234567890123456,
    ]);
    expect(Object.is((parseRequestBody('[-0]') as number[])[0], -0)).toBe(true);
  });

  it('a key named __proto__ stays data', () => {
    const v = parseRequestBody('{"__proto__": {"x": 1}, "n": 2}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'n']);
  });
});
