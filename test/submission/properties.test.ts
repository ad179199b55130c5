import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bcs, formatAddress, toHex, type Schema } from '../../src/bcs/index.js';
import { encodeSubmission, requestFromBytes, type MoveModuleJson, type MoveStructJson } from '../../src/submission/index.js';
import { signingMessage } from '../../src/transactions/index.js';

// Random ABIs with matching JSON arguments: the signing message from the JSON request must equal the
// one built from typed values with the core's schemas (the node's argument rules, stated as schemas).

interface Spec {
  /** The Move type as an ABI writes it. */
  type: string;
  schema: Schema<any, any>;
  /** [JSON argument, typed value] pairs. */
  value: fc.Arbitrary<[unknown, unknown]>;
  /** Structs the type needs declared in the module. */
  structs: readonly MoveStructJson[];
}

// The canonical (AIP-40) form: the way back writes non-special addresses with all 64 digits.
const MOD = `0x${'0'.repeat(60)}cafe::p`;
const bigIn = (bits: number, signed: boolean) =>
  signed ? fc.bigInt(-(1n << BigInt(bits - 1)), (1n << BigInt(bits - 1)) - 1n) : fc.bigInt(0n, (1n << BigInt(bits)) - 1n);
const same = <T>(a: fc.Arbitrary<T>, toJson: (v: T) => unknown = (v) => v): fc.Arbitrary<[unknown, unknown]> => a.map((v) => [toJson(v), v]);

const leaves: fc.Arbitrary<Spec>[] = [
  fc.constant({ type: 'bool', schema: bcs.bool, value: same(fc.boolean()), structs: [] }),
  fc.constant({ type: 'u8', schema: bcs.u8, value: same(fc.integer({ min: 0, max: 255 })), structs: [] }),
  fc.constant({ type: 'u16', schema: bcs.u16, value: same(fc.integer({ min: 0, max: 65535 })), structs: [] }),
  fc.constant({ type: 'u32', schema: bcs.u32, value: same(fc.integer({ min: 0, max: 2 ** 32 - 1 })), structs: [] }),
  fc.constant({ type: 'i8', schema: bcs.i8, value: same(fc.integer({ min: -128, max: 127 })), structs: [] }),
  fc.constant({ type: 'i32', schema: bcs.i32, value: same(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 })), structs: [] }),
  ...([64, 128, 256] as const).flatMap((bits) => [
    fc.constant({ type: `u${bits}`, schema: bcs[`u${bits}`], value: same(bigIn(bits, false), String), structs: [] }),
    fc.constant({ type: `i${bits}`, schema: bcs[`i${bits}`], value: same(bigIn(bits, true), String), structs: [] }),
  ]),
  fc.constant({
    type: 'address',
    schema: bcs.address,
    value: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b): [unknown, unknown] => [formatAddress(toHex(b), 'aip40'), toHex(b)]),
    structs: [],
  }),
  fc.constant({ type: '0x1::string::String', schema: bcs.string, value: same(fc.string({ unit: 'grapheme' })), structs: [] }),
  fc.constant({ type: 'vector<u8>', schema: bcs.bytes, value: same(fc.uint8Array({ maxLength: 40 }), toHex), structs: [] }),
  fc.constant({
    type: '0x1::object::Object<0x1::fungible_asset::Metadata>',
    schema: bcs.address,
    value: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b): [unknown, unknown] => [formatAddress(toHex(b), 'aip40'), toHex(b)]),
    structs: [],
  }),
];

const ident = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);

function specOf(depth: number): fc.Arbitrary<Spec> {
  if (depth === 0) return fc.oneof(...leaves);
  const inner = specOf(depth - 1);
  const vector = inner
    .filter((s) => s.type !== 'u8')
    .map((s) => ({
      type: `vector<${s.type}>`,
      schema: bcs.vector(s.schema),
      value: fc.array(s.value, { maxLength: 4 }).map((xs): [unknown, unknown] => [xs.map((x) => x[0]), xs.map((x) => x[1])]),
      structs: s.structs,
    }));
  // Option<Option<T>>'s Some(None) has no typed form here (null is None), so options do not nest directly.
  const option = inner.filter((s) => !s.type.startsWith('0x1::option::')).map((s) => ({
    type: `0x1::option::Option<${s.type}>`,
    schema: bcs.option(s.schema),
    // `vec` is a vector<T>: for T = u8 that is a hex string, as for any vector<u8> (the node has no special case).
    value: fc.option(s.value, { nil: null }).map((x): [unknown, unknown] =>
      s.type === 'u8' ? [{ vec: x === null ? '0x' : toHex(Uint8Array.of(x[1] as number)) }, x && x[1]] : x === null ? [{ vec: [] }, null] : [{ vec: [x[0]] }, x[1]],
    ),
    structs: s.structs,
  }));
  const struct = fc.tuple(ident, fc.uniqueArray(fc.tuple(ident, inner), { minLength: 1, maxLength: 3, selector: (f) => f[0] })).map(([n, fields]) => {
    const name = `S${n}`;
    const schema = bcs.struct(name, Object.fromEntries(fields.map(([f, s]) => [f, s.schema])));
    const value = fc.tuple(...fields.map(([, s]) => s.value)).map((vs): [unknown, unknown] => [
      Object.fromEntries(fields.map(([f], i) => [f, vs[i][0]])),
      Object.fromEntries(fields.map(([f], i) => [f, vs[i][1]])),
    ]);
    const decl: MoveStructJson = { name, is_native: false, abilities: ['drop'], generic_type_params: [], fields: fields.map(([f, s]) => ({ name: f, type: s.type })) };
    return { type: `${MOD}::${name}`, schema, value, structs: [decl, ...fields.flatMap(([, s]) => s.structs)] };
  });
  const enumeration = fc.tuple(ident, fc.uniqueArray(fc.tuple(fc.stringMatching(/^[A-Z][a-z]{0,5}$/), inner), { minLength: 1, maxLength: 3, selector: (v) => v[0] })).map(([n, variants]) => {
    const name = `E${n}`;
    const schema = bcs.enum(name, Object.fromEntries(variants.map(([v, s]) => [v, bcs.struct(v, { f: s.schema })])));
    const value = fc.oneof(...variants.map(([v, s]) => s.value.map((x): [unknown, unknown] => [{ [v]: { f: x[0] } }, { $kind: v, value: { f: x[1] } }])));
    const decl: MoveStructJson = {
      name,
      is_native: false,
      is_enum: true,
      abilities: ['drop'],
      generic_type_params: [],
      fields: [],
      variants: variants.map(([v, s]) => ({ name: v, fields: [{ name: 'f', type: s.type }] })),
    };
    return { type: `${MOD}::${name}`, schema, value, structs: [decl, ...variants.flatMap(([, s]) => s.structs)] };
  });
  return fc.oneof({ arbitrary: inner, weight: 3 }, vector, option, struct, enumeration);
}

const common = { sender: '0x1', sequence_number: '3', max_gas_amount: '10', gas_unit_price: '1', expiration_timestamp_secs: '99' };

describe('JSON arguments against typed values, for random ABIs', () => {
  it('encodeSubmission(JSON) = signingMessage(typed values encoded by the core schemas)', () => {
    const call = fc.array(specOf(2), { minLength: 0, maxLength: 4 }).chain((specs) =>
      fc.tuple(fc.constant(specs), fc.tuple(...specs.map((s) => s.value))),
    );
    fc.assert(
      fc.property(call, ([specs, values]) => {
        const structs = specs.flatMap((s) => s.structs);
        const names = new Map<string, string>();
        for (const s of structs) {
          // Two random structs under one name with different layouts cannot both be declared: skip those.
          const key = JSON.stringify(s);
          if (names.has(s.name) && names.get(s.name) !== key) return;
          names.set(s.name, key);
        }
        const abi: MoveModuleJson = {
          address: '0xcafe',
          name: 'p',
          friends: [],
          structs: [...new Map(structs.map((s) => [s.name, s])).values()],
          exposed_functions: [
            { name: 'f', visibility: 'public', is_entry: true, is_view: false, generic_type_params: [], params: ['&signer', ...specs.map((s) => s.type)], return: [] },
          ],
        };
        const request = { ...common, payload: { type: 'entry_function_payload', function: `${MOD}::f`, type_arguments: [], arguments: values.map((v) => v[0]) } };
        const expected = signingMessage({
          sender: '0x1',
          sequenceNumber: 3n,
          maxGasAmount: 10n,
          gasUnitPrice: 1n,
          expirationTimestampSecs: 99n,
          chainId: 7,
          payload: {
            $kind: 'EntryFunction',
            value: { module: { address: '0xcafe', name: 'p' }, function: 'f', typeArgs: [], args: specs.map((s, i) => s.schema.encode(values[i][1])) },
          },
        });
        const encoded = encodeSubmission(request, { chainId: 7, abis: [abi] });
        expect(encoded.hex).toBe(toHex(expected));
        // The way back: the same bytes read through the same ABI give the request's canonical JSON.
        expect(requestFromBytes(encoded.signingMessage, { abis: [abi] })).toEqual({ request, chainId: 7 });
      }),
      { numRuns: 300 },
    );
  });
});
