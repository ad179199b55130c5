import { describe, expect, it } from 'vitest';
import { bcs, BcsError, fromHex, toHex } from '../../src/bcs/index.js';
import fixtures from '../../fixtures/bcs/primitives.json' with { type: 'json' };
// Resolves the fixture's type names; `value` is in the JSON-safe form (u64+ as strings, bytes as hex).
const SCHEMAS = {
    bool: bcs.bool, u8: bcs.u8, u16: bcs.u16, u32: bcs.u32, u64: bcs.u64, u128: bcs.u128, u256: bcs.u256,
    i8: bcs.i8, i16: bcs.i16, i32: bcs.i32, i64: bcs.i64, i128: bcs.i128, i256: bcs.i256,
    uleb128: bcs.uleb128, bytes: bcs.bytes, string: bcs.string, address: bcs.address,
    fixedBytes2: bcs.fixedBytes(2),
    'vector<u16>': bcs.vector(bcs.u16), 'vector<uleb128>': bcs.vector(bcs.uleb128),
    'vector<address>': bcs.vector(bcs.address), 'vector<string>': bcs.vector(bcs.string),
    'option<u8>': bcs.option(bcs.u8),
};
const BIG = new Set(['u64', 'u128', 'u256', 'i64', 'i128', 'i256']);
function fromJson(type, v) {
    if (BIG.has(type))
        return BigInt(v);
    if (type === 'bytes')
        return fromHex(v);
    return v;
}
function expectedDecoded(type, v) {
    if (type === 'address')
        return '0x' + v.slice(2).padStart(64, '0');
    if (type === 'vector<address>')
        return v.map((a) => expectedDecoded('address', a));
    return fromJson(type, v);
}
describe('golden BCS primitive vectors (fixtures/bcs/primitives.json)', () => {
    for (const vec of fixtures.vectors) {
        const s = SCHEMAS[vec.type];
        const input = fromJson(vec.type, vec.value);
        it(`${vec.type} ${JSON.stringify(vec.value).slice(0, 40)} ↔ ${vec.bcs.slice(0, 40)}`, () => {
            expect(s).toBeDefined();
            expect(toHex(s.encode(input))).toBe('0x' + vec.bcs);
            expect(s.serializedSize(input)).toBe(vec.bcs.length / 2);
            expect(s.decode(fromHex(vec.bcs))).toEqual(expectedDecoded(vec.type, vec.value));
        });
    }
    for (const bad of fixtures.malformed) {
        it(`rejects ${bad.type} from ${bad.bcs || '(empty)'} with ${bad.code}`, () => {
            const s = SCHEMAS[bad.type];
            let caught;
            try {
                s.decode(fromHex(bad.bcs));
            }
            catch (e) {
                caught = e;
            }
            expect(caught).toBeInstanceOf(BcsError);
            expect(caught.code).toBe(bad.code);
        });
    }
});
