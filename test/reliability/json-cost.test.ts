import { afterEach, describe, expect, it, vi } from 'vitest';
import { isJsonFloat, parseRequestBody } from '../../src/submission/index.js';
import { messageOf } from './helpers.js';

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

  it('nesting past the limit is refused, a long text without JSON.parse building it first', () => {
    const parse = vi.spyOn(JSON, 'parse');
    expect(() => parseRequestBody('['.repeat(100_000))).toThrow('recursion limit exceeded at line 1 column 129');
    expect(() => parseRequestBody(`{"a":"]]]]","b":${'['.repeat(70_000)}`)).toThrow('recursion limit exceeded at line 1 column 144');
    expect(() => parseRequestBody(`{"a":"]]]]","b":${'['.repeat(5_000)}`)).toThrow('recursion limit exceeded at line 1 column 144');
    expect(parse).not.toHaveBeenCalled();
    // A text of a request's usual size (under 4 KiB) goes to JSON.parse with no bracket count: a
    // cut-off one fails there and the exact parser gives the refusal; a whole one parses, and the
    // walk that follows stops at the limit. The same refusal either way.
    expect(() => parseRequestBody(`{"a":"]]]]","b":${'['.repeat(200)}`)).toThrow('recursion limit exceeded at line 1 column 144');
    expect(() => parseRequestBody(`{"b":${'['.repeat(200)}${']'.repeat(200)}}`)).toThrow('recursion limit exceeded at line 1 column 133');
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

describe('large bodies are parsed in slices', () => {
  const big = `[${new Array(20_000).fill('{"a":[1.5,"x",null,true,-7,18446744073709551615]}').join(',')}]`;

  it('the same value as the one-piece parse', async () => {
    const { parseRequestBodySliced } = await import('../../src/submission/index.js');
    expect(await parseRequestBodySliced(big)).toEqual(parseRequestBody(big));
    expect(await parseRequestBodySliced('{"a":1}')).toEqual({ a: 1 });
  });

  it('the same errors, wherever they are', async () => {
    const { parseRequestBodySliced } = await import('../../src/submission/index.js');
    for (const bad of [big.slice(0, -1), `${big} x`, big.replace('1.5', '1.'), `${big.slice(0, 500_000)}}`, '['.repeat(70_000)]) {
      const one = messageOf(() => parseRequestBody(bad));
      expect(one).toMatch(/^parse request payload error: /);
      await expect(parseRequestBodySliced(bad)).rejects.toThrow(one);
    }
  });

  it('other work runs between the slices', async () => {
    const { parseRequestBodySliced } = await import('../../src/submission/index.js');
    let turns = 0;
    let parsing = true;
    const tick = () => {
      if (!parsing) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await parseRequestBodySliced(big);
    parsing = false;
    expect(turns).toBeGreaterThan(10);
  });

  it('an error message quotes 256 characters of the value without writing all of it', async () => {
    const { encodeSubmission } = await import('../../src/submission/index.js');
    const value = parseRequestBody(big);
    const whole = JSON.stringify(value, (_k, x) => (isJsonFloat(x) ? x.float : typeof x === 'bigint' ? Number(x) : x));
    const stringify = vi.spyOn(JSON, 'stringify');
    let message = '';
    try {
      encodeSubmission(value, { chainId: 4 });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain(`found ${whole.slice(0, 256)}…. (occurred while parsing "EncodeSubmissionRequest")`);
    // Each scalar is written on its own (a few dozen), never the whole array.
    expect(stringify.mock.calls.every(([v]) => v !== value && !(Array.isArray(v) && v.length > 100))).toBe(true);
  });
});
