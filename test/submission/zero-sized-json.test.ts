import { describe, expect, it } from 'vitest';
import { normalizeAddress } from '../../src/bcs/index.js';
import type { TypeTag } from '../../src/move/index.js';
import type { AbiModule } from '../../src/submission/abi.js';
import { argumentToJson, jsonReaderFor, type JsonReaderContext } from '../../src/submission/move-value-json.js';
import { expectBcsError } from '../bcs/helpers.js';

// Vectors of structs read back to JSON: a struct may take no input, so each empty one counts against
// the argument decode's one zero-sized budget, and non-empty ones are not bounded by their claimed count.
const M = normalizeAddress('0xcafe');
const module: AbiModule = {
  address: M,
  name: 'm',
  functions: new Map(),
  structs: new Map([
    ['Empty', { name: 'Empty', typeParamCount: 0, fields: [], variants: null }],
    ['One', { name: 'One', typeParamCount: 0, fields: [{ name: 'x', type: { $kind: 'u8' } }], variants: null }],
  ]),
};
const ctx = (): JsonReaderContext => ({ module: (a, n) => (a === M && n === 'm' ? module : undefined), memo: new Map() });
const vec = (name: string, depth = 1): TypeTag => {
  let t: TypeTag = { $kind: 'struct', value: { address: M, module: 'm', name, typeArgs: [] } };
  for (let i = 0; i < depth; i++) t = { $kind: 'vector', value: t };
  return t;
};
const uleb = (n: number) => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, n >> 7]);

describe('JSON read-back of vectors of structs', () => {
  it('empty structs: one budget for the whole argument', () => {
    const read = jsonReaderFor(vec('Empty', 2), ctx());
    expect(argumentToJson(Uint8Array.from([2, ...uleb(2000), ...uleb(2000)]), read)).toHaveLength(2);
    expectBcsError(() => argumentToJson(Uint8Array.from([3, ...uleb(2000), ...uleb(2000), ...uleb(2000)]), read), 'exceeded_max_length');
  });

  it('structs that take input are not limited by the zero-sized budget', () => {
    const read = jsonReaderFor(vec('One'), ctx());
    const out = argumentToJson(Uint8Array.from([...uleb(5000), ...new Array<number>(5000).fill(9)]), read);
    expect(out).toHaveLength(5000);
    expect((out as { x: number }[])[4999]).toEqual({ x: 9 });
  });
});
