import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bcs, isBcsError } from '../../src/bcs/index.js';
// Hostile bytes must only ever produce the library's own error (or a valid value): never a
// RangeError, TypeError, stack overflow or hang. Work is bounded by input length, so these
// properties run in linear time; a quadratic or unbounded path would time the test out.
const Inner = bcs.struct('Inner', { s: bcs.string, o: bcs.option(bcs.u16), b: bcs.bool });
const schemas = [
    ['struct', bcs.struct('S', { a: bcs.u64, v: bcs.vector(Inner), m: bcs.map(bcs.u8, bcs.bytes), e: bcs.enum('E', { A: null, B: bcs.u256, C: bcs.fixedBytes(3) }) })],
    ['vector<vector<u64>>', bcs.vector(bcs.vector(bcs.u64))],
    ['vector<unit>', bcs.vector(bcs.unit)],
    ['map<string, i128>', bcs.map(bcs.string, bcs.i128)],
    ['tuple', bcs.tuple([bcs.uleb128, bcs.address, bcs.i8, bcs.i16, bcs.i32, bcs.i64])],
];
function decodeOrOwnError(s, bytes) {
    try {
        s.decode(bytes);
    }
    catch (e) {
        if (!isBcsError(e))
            throw e;
        expect(e.offset).toBeGreaterThanOrEqual(0);
        expect(e.offset).toBeLessThanOrEqual(bytes.length);
    }
}
describe('malformed input (fast-check)', () => {
    for (const [name, s] of schemas) {
        it(`${name}: random bytes decode or fail with BcsError`, () => {
            fc.assert(fc.property(fc.uint8Array({ maxLength: 512 }), (b) => decodeOrOwnError(s, b)), { numRuns: 1000 });
        });
    }
    it('mutations of valid encodings decode or fail with BcsError', () => {
        const s = schemas[0][1];
        const valueArb = fc.record({
            a: fc.bigInt(0n, (1n << 64n) - 1n),
            v: fc.array(fc.record({ s: fc.string(), o: fc.option(fc.integer({ min: 0, max: 0xffff }), { nil: null }), b: fc.boolean() }), { maxLength: 5 }),
            m: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ maxLength: 8 })), { selector: ([k]) => k, maxLength: 4 }).map((e) => new Map(e)),
            e: fc.constantFrom({ $kind: 'A' }, { $kind: 'B', value: 5n }, { $kind: 'C', value: new Uint8Array(3) }),
        });
        const mutation = fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }), cut: fc.nat(), insert: fc.boolean() });
        fc.assert(fc.property(valueArb, fc.array(mutation, { minLength: 1, maxLength: 4 }), (v, muts) => {
            let bytes = s.encode(v);
            for (const m of muts) {
                const at = m.at % (bytes.length + 1);
                if (m.insert)
                    bytes = new Uint8Array([...bytes.subarray(0, at), m.byte, ...bytes.subarray(at)]);
                else if (at < bytes.length)
                    bytes[at] = m.byte;
                if (m.cut % 5 === 0)
                    bytes = bytes.subarray(0, m.cut % (bytes.length + 1));
            }
            decodeOrOwnError(s, bytes);
        }), { numRuns: 1000 });
    });
    it('huge length prefixes fail fast without allocating', () => {
        // Each is a 2^31−1 length over a few bytes; a loop or allocation of that size would hang or OOM.
        const prefix = [0xff, 0xff, 0xff, 0xff, 0x07];
        for (const s of [bcs.bytes, bcs.string, bcs.vector(bcs.u8), bcs.vector(bcs.string), bcs.map(bcs.u8, bcs.u8), bcs.vector(bcs.unit)]) {
            let code = '';
            try {
                s.decode(new Uint8Array([...prefix, 1, 2, 3]));
            }
            catch (e) {
                code = isBcsError(e) ? e.code : 'foreign';
            }
            expect(['unexpected_end', 'exceeded_max_length']).toContain(code);
        }
    });
    it('a non-Uint8Array input is a typed error', () => {
        let code = '';
        try {
            bcs.u8.decode([1]);
        }
        catch (e) {
            code = isBcsError(e) ? e.code : 'foreign';
        }
        expect(code).toBe('invalid_type');
    });
});
