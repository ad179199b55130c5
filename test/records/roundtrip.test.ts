import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { recordCodecs } from '../../src/records/index.js';
import { recordArbitraries } from './arbitraries.js';

const codecs = recordCodecs();
const arbs = recordArbitraries();

describe('every record round-trips (fast-check)', () => {
  it('has an arbitrary for every codec', () => {
    expect(Object.keys(arbs).sort()).toEqual(Object.keys(codecs).sort());
  });
  for (const [name, c] of Object.entries(codecs)) {
    it(`${name}: value → bytes → value → bytes, and value → JSON-safe → value`, () => {
      const codec = c as unknown as { schema: { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown; serializedSize(v: unknown): number }; toJson(v: unknown): unknown; fromJson(j: unknown): unknown };
      fc.assert(
        fc.property(arbs[name], (value) => {
          const bytes = codec.schema.encode(value);
          expect(codec.schema.serializedSize(value)).toBe(bytes.length);
          const decoded = codec.schema.decode(bytes);
          expect(toHex(codec.schema.encode(decoded))).toBe(toHex(bytes));
          const json = JSON.parse(JSON.stringify(codec.toJson(decoded)));
          expect(codec.fromJson(json)).toEqual(decoded);
        }),
        { numRuns: name === 'BcsBlock' || name === 'TransactionOnChainData' ? 60 : 150 },
      );
    });
  }
});
