import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BcsReader } from '../../src/bcs/index.js';
import { stateKey, writeOp } from '../../src/records/index.js';
import { readStateKeyBytes, readWriteOpValue } from '../../src/ledger/transaction-record.js';
import { recordArbitraries } from '../records/arbitraries.js';

// The write-set readers that step over a state key and a write op without decoding them (ingest and
// the replica's verification) against the records' schemas they follow: on every valid value and on
// arbitrary bytes, the same extent and value, and an error exactly when the schema errs.

const arb = recordArbitraries();

/** What a reader makes of `bytes`: where it stopped and what it returned, or its error's code. */
function outcome<T>(bytes: Uint8Array, read: (r: BcsReader) => T): { end: number; value: T } | { code: string } {
  const r = new BcsReader(bytes, { zeroCopy: true });
  try {
    const value = read(r);
    return { end: r.off, value };
  } catch (e) {
    return { code: (e as { code: string }).code };
  }
}

const schemaKey = (r: BcsReader) => {
  const at = r.off;
  stateKey.schema.read(r);
  return r.buf.subarray(at, r.off);
};
const schemaValue = (r: BcsReader) => {
  const op = writeOp.schema.read(r) as { $kind: string; value?: Uint8Array | { data?: Uint8Array } };
  const v = op.value;
  return v === undefined ? null : v instanceof Uint8Array ? v : (v.data ?? null);
};

describe('write-set readers', () => {
  it('read every state key and write op as their schemas do', () => {
    fc.assert(
      fc.property(arb.StateKey!, arb.WriteOp!, (k, op) => {
        const key = stateKey.schema.encode(k as never);
        const value = writeOp.schema.encode(op as never);
        expect(outcome(key, readStateKeyBytes)).toEqual({ end: key.length, value: key });
        expect(outcome(value, readWriteOpValue)).toEqual(outcome(value, schemaValue));
      }),
    );
  });

  it('stop, return and fail where the schemas do on arbitrary bytes', () => {
    // Short inputs led by small variant bytes reach every branch, cut short and not.
    const input = fc.tuple(fc.integer({ min: 0, max: 7 }), fc.uint8Array({ maxLength: 48 })).map(([v, rest]) => Uint8Array.of(v, ...rest));
    fc.assert(
      fc.property(input, (bytes) => {
        expect(outcome(bytes, readStateKeyBytes)).toEqual(outcome(bytes, schemaKey));
        expect(outcome(bytes, readWriteOpValue)).toEqual(outcome(bytes, schemaValue));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses an unknown variant and a length past the end', () => {
    expect(outcome(Uint8Array.of(3, 0), readStateKeyBytes)).toEqual({ code: 'invalid_variant' });
    expect(outcome(Uint8Array.of(2, 5, 1, 2), readStateKeyBytes)).toEqual({ code: 'unexpected_end' });
    expect(outcome(Uint8Array.of(6), readWriteOpValue)).toEqual({ code: 'invalid_variant' });
    expect(outcome(Uint8Array.of(5, 1, ...new Array(23).fill(0)), readWriteOpValue)).toEqual({ code: 'unexpected_end' });
  });
});
