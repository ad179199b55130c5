import fc from 'fast-check';
import { toHex } from '../../src/bcs/index.js';
export const UNSIGNED = ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer'];
export const SIGNED = ['i8', 'i16', 'i32', 'i64', 'i128', 'i256'];
export const identifierArb = fc.stringMatching(/^(?:[a-zA-Z][a-zA-Z0-9_]{0,10}|_[a-zA-Z0-9_]{1,10})$/);
/** Long-form addresses, biased towards the special ones (0x0–0xf) and ones with leading zeros. */
export const addressArb = fc.oneof(fc.integer({ min: 0, max: 15 }).map((n) => '0x' + n.toString(16).padStart(64, '0')), fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b)), fc.uint8Array({ minLength: 1, maxLength: 8 }).map((b) => '0x' + toHex(b).slice(2).padStart(64, '0')));
/**
 * Random type tags. Composite nesting never exceeds `depth` + 1, which keeps them inside both the
 * BCS limit (8 nested composites) and the parser's (depth ≤ 8) for the default depth.
 */
export function typeTagArb(options = {}) {
    return moveTypeArbInner(options);
}
export function moveValueTypeArb(options = {}) {
    return moveTypeArbInner(options);
}
/** Move types: generics anywhere, a reference possibly at the top. */
export function moveTypeArb(options = {}) {
    const inner = moveTypeArbInner({ generics: 3, ...options });
    return fc.oneof({ weight: 3, arbitrary: inner }, { weight: 1, arbitrary: inner.map((value) => ({ $kind: 'reference', value })) }, { weight: 1, arbitrary: inner.map((value) => ({ $kind: 'mutableReference', value })) });
}
function moveTypeArbInner(options) {
    const { depth = 4, signed = true, functions = true, generics = 0 } = options;
    const kinds = signed ? [...UNSIGNED, ...SIGNED] : UNSIGNED;
    const leaves = [fc.constantFrom(...kinds).map((k) => ({ $kind: k }))];
    if (generics > 0)
        leaves.push(fc.integer({ min: 0, max: generics - 1 }).map((value) => ({ $kind: 'generic', value })));
    const leaf = fc.oneof(...leaves);
    const levels = [leaf];
    for (let d = 1; d <= depth; d++) {
        const sub = levels[d - 1];
        const struct = fc.record({
            address: addressArb,
            module: identifierArb,
            name: identifierArb,
            typeArgs: fc.array(sub, { maxLength: 3 }),
        }).map((value) => ({ $kind: 'struct', value }));
        const vector = sub.map((value) => ({ $kind: 'vector', value }));
        const options = [leaf, vector, struct];
        if (functions) {
            const param = fc.record({ $kind: fc.constantFrom('reference', 'mutableReference', 'value'), value: sub });
            options.push(fc.record({
                args: fc.array(param, { maxLength: 3 }),
                results: fc.array(param, { maxLength: 2 }),
                abilities: fc.integer({ min: 0, max: 15 }),
            }).map((value) => ({ $kind: 'function', value })));
        }
        levels.push(fc.oneof(...options));
    }
    return levels[depth];
}
/** Sprinkles whitespace (the node's set) between tokens of a canonical string: a space after every
 * `<`, `,`, `|`, `(` and before every `>`, `)` becomes a random run of whitespace. */
export function withRandomSpace(s, ws) {
    let k = 0;
    const next = () => ws[k++ % ws.length];
    return next() + s.replace(/([<,|(])|([>)])|( )/g, (_m, open, close) => (open ? open + next() : close ? next() + close : ' ' + next())) + next();
}
