import fc from 'fast-check';
import { toHex } from '../../src/bcs/index.js';
import type { FunctionParamOrReturnTag, MoveType, MoveValueType, PrimitiveTypeTagKind, TypeTag } from '../../src/move/index.js';

export const UNSIGNED: PrimitiveTypeTagKind[] = ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer'];
export const SIGNED: PrimitiveTypeTagKind[] = ['i8', 'i16', 'i32', 'i64', 'i128', 'i256'];

export const identifierArb = fc.stringMatching(/^(?:[a-zA-Z][a-zA-Z0-9_]{0,10}|_[a-zA-Z0-9_]{1,10})$/);

/** Long-form addresses, biased towards the special ones (0x0–0xf) and ones with leading zeros. */
export const addressArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 15 }).map((n) => '0x' + n.toString(16).padStart(64, '0')),
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => toHex(b)),
  fc.uint8Array({ minLength: 1, maxLength: 8 }).map((b) => '0x' + toHex(b).slice(2).padStart(64, '0')),
);

export interface TagOptions {
  /** Composite levels below the top (a tag of depth 0 is a primitive). Default 4. */
  depth?: number;
  signed?: boolean;
  functions?: boolean;
  /** Also generate generic parameters T0…T{generics-1} (Move types only). */
  generics?: number;
}

/**
 * Random type tags. Composite nesting never exceeds `depth` + 1, which keeps them inside both the
 * BCS limit (8 nested composites) and the parser's (depth ≤ 8) for the default depth.
 */
export function typeTagArb(options: TagOptions = {}): fc.Arbitrary<TypeTag> {
  return moveTypeArbInner(options) as fc.Arbitrary<TypeTag>;
}

export function moveValueTypeArb(options: TagOptions = {}): fc.Arbitrary<MoveValueType> {
  return moveTypeArbInner(options);
}

/** Move types: generics anywhere, a reference possibly at the top. */
export function moveTypeArb(options: TagOptions = {}): fc.Arbitrary<MoveType> {
  const inner = moveTypeArbInner({ generics: 3, ...options });
  return fc.oneof(
    { weight: 3, arbitrary: inner as fc.Arbitrary<MoveType> },
    { weight: 1, arbitrary: inner.map((value) => ({ $kind: 'reference', value }) as MoveType) },
    { weight: 1, arbitrary: inner.map((value) => ({ $kind: 'mutableReference', value }) as MoveType) },
  );
}

function moveTypeArbInner(options: TagOptions): fc.Arbitrary<MoveValueType> {
  const { depth = 4, signed = true, functions = true, generics = 0 } = options;
  const kinds = signed ? [...UNSIGNED, ...SIGNED] : UNSIGNED;
  const leaves: fc.Arbitrary<MoveValueType>[] = [fc.constantFrom(...kinds).map((k) => ({ $kind: k }) as MoveValueType)];
  if (generics > 0) leaves.push(fc.integer({ min: 0, max: generics - 1 }).map((value) => ({ $kind: 'generic', value }) as MoveValueType));
  const leaf = fc.oneof(...leaves);
  const levels: fc.Arbitrary<MoveValueType>[] = [leaf];
  for (let d = 1; d <= depth; d++) {
    const sub = levels[d - 1];
    const struct = fc.record({
      address: addressArb,
      module: identifierArb,
      name: identifierArb,
      typeArgs: fc.array(sub, { maxLength: 3 }),
    }).map((value) => ({ $kind: 'struct', value }) as MoveValueType);
    const vector = sub.map((value) => ({ $kind: 'vector', value }) as MoveValueType);
    const options: fc.Arbitrary<MoveValueType>[] = [leaf, vector, struct];
    if (functions) {
      const param = fc.record({ $kind: fc.constantFrom('reference', 'mutableReference', 'value'), value: sub }) as fc.Arbitrary<FunctionParamOrReturnTag>;
      options.push(
        fc.record({
          args: fc.array(param, { maxLength: 3 }),
          results: fc.array(param, { maxLength: 2 }),
          abilities: fc.integer({ min: 0, max: 15 }),
        }).map((value) => ({ $kind: 'function', value }) as MoveValueType),
      );
    }
    levels.push(fc.oneof(...options));
  }
  return levels[depth];
}

/** Sprinkles whitespace (the node's set) between tokens of a canonical string: a space after every
 * `<`, `,`, `|`, `(` and before every `>`, `)` becomes a random run of whitespace. */
export function withRandomSpace(s: string, ws: string[]): string {
  let k = 0;
  const next = () => ws[k++ % ws.length];
  return next() + s.replace(/([<,|(])|([>)])|( )/g, (_m, open: string, close: string) => (open ? open + next() : close ? next() + close : ' ' + next())) + next();
}
