// Every strictness rule of the core, triggered inside real transaction bytes (the fixture vectors),
// must fail with the right error code, path into the value and byte offset.
import { describe, expect, it } from 'vitest';
import { fromHex, isBcsError, type BcsErrorCode, type Schema } from '../../src/bcs/index.js';
import { rawTransaction, signedTransaction } from '../../src/transactions/index.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };
import signedFixtures from '../../fixtures/transactions/signed-transactions.json' with { type: 'json' };

const vector = (prefix: string) => rawFixtures.vectors.find((v) => v.name.startsWith(prefix + ' '))!.bcs;
const V2 = vector('V2'); // transfer: see the byte map below
const V3 = vector('V3');
const V5 = vector('V5');
const V7 = vector('V7');
const V8 = vector('V8');
const V13 = signedFixtures.vectors[0].bcs;

// V2 byte map: sender 0–31 | seq 32–39 | payload tag 40 | module address 41–72 | name len 73, 74–86
// | function len 87, 88–95 | typeArgs count 96 | args count 97 | arg0 len 98, 99–130 | arg1 len 131,
// 132–139 | max gas 140–147 | price 148–155 | expiration 156–163 | chain id 164.
// V8 differs from byte 40: tag 04 | V1 00 | executable 42 | entry function 43–141 | extra config 142
// | multisig option 143 | nonce option 144. V3: type-argument count 87, typeArgs[0] 88–142 (tag 07 at
// 88, then the StructTag 0x1::aptos_coin::AptosCoin: address 89–120, module 121–131, name 132–141,
// type-argument count 142), argument count 143.
// A length that runs past the input is reported at the length prefix, as the core does.

/** `hex` with `remove` bytes at byte `at` replaced by `insert`. */
function splice(hex: string, at: number, remove: number, insert = ''): Uint8Array {
  return fromHex(hex.slice(0, at * 2) + insert + hex.slice((at + remove) * 2));
}

function failure(schema: Schema<unknown, never>, bytes: Uint8Array): { code: BcsErrorCode; path: string; offset: number } {
  try {
    schema.decode(bytes);
  } catch (e) {
    if (!isBcsError(e)) throw e;
    return { code: e.code, path: e.path, offset: e.offset };
  }
  throw new Error('decoded without error');
}

const raw = rawTransaction as Schema<unknown, never>;
const signed = signedTransaction as Schema<unknown, never>;

describe('malformed RawTransaction bytes', () => {
  it('the unmodified vectors decode', () => {
    for (const v of rawFixtures.vectors) expect(() => rawTransaction.decode(fromHex(v.bcs))).not.toThrow();
  });

  const cases: [string, Schema<unknown, never>, Uint8Array, { code: BcsErrorCode; path: string; offset: number }][] = [
    ['non-canonical ULEB128 argument count (02 as 82 00)', raw, splice(V2, 97, 1, '8200'), { code: 'non_canonical_uleb128', path: 'payload.EntryFunction.args', offset: 97 }],
    ['non-canonical ULEB128 length of args[1]', raw, splice(V2, 131, 1, '8800'), { code: 'non_canonical_uleb128', path: 'payload.EntryFunction.args[1]', offset: 131 }],
    ['ULEB128 overflow in the type-argument count', raw, splice(V2, 96, 1, 'ffffffff1f'), { code: 'uleb128_overflow', path: 'payload.EntryFunction.typeArgs', offset: 96 }],
    ['unknown TransactionPayload variant 9', raw, splice(V2, 40, 1, '09'), { code: 'invalid_variant', path: 'payload', offset: 40 }],
    ['EncryptedPayload (variant 5) is a typed not_supported error', raw, splice(V2, 40, 1, '05'), { code: 'not_supported', path: 'payload', offset: 40 }],
    ['unknown TypeTag variant inside typeArgs[0]', raw, splice(V3, 88, 1, '1f'), { code: 'invalid_variant', path: 'payload.EntryFunction.typeArgs[0]', offset: 88 }],
    ['non-canonical ULEB128 TransactionPayload variant (02 as 82 00)', raw, splice(V2, 40, 1, '8200'), { code: 'non_canonical_uleb128', path: 'payload', offset: 40 }],
    ['non-canonical ULEB128 TypeTag variant in typeArgs[0] (07 as 87 00)', raw, splice(V3, 88, 1, '8700'), { code: 'non_canonical_uleb128', path: 'payload.EntryFunction.typeArgs[0]', offset: 88 }],
    ['non-canonical ULEB128 TransactionAuthenticator variant (00 as 80 00)', signed, splice(V13, 165, 1, '8000'), { code: 'non_canonical_uleb128', path: 'authenticator', offset: 165 }],
    // MAX_TYPE_TAG_NESTING = 8 (third_party/move/move-core/types/src/safe_serialize.rs): the decoder enters at most 8 nested vector/struct
    // tags, so the 9th composite tag (here the struct, after 8 vectors at 88–95) fails where it starts.
    [
      'type-tag nesting: typeArgs[0] AptosCoin wrapped in 8 vector levels',
      raw,
      splice(V3, 88, 0, '06'.repeat(8)),
      { code: 'exceeded_max_depth', path: 'payload.EntryFunction.typeArgs[0]', offset: 96 },
    ],
    // Primitive leaves do not count: 9 vectors around u8 fail at the 9th vector, not at the u8.
    ['type-tag nesting: typeArgs[0] replaced by 9 vector levels around u8', raw, splice(V3, 88, 55, '06'.repeat(9) + '01'), { code: 'exceeded_max_depth', path: 'payload.EntryFunction.typeArgs[0]', offset: 96 }],
    ['truncated: chain id missing', raw, fromHex(V2.slice(0, -2)), { code: 'unexpected_end', path: 'chainId', offset: 164 }],
    ['truncated inside args[1]', raw, fromHex(V2.slice(0, 135 * 2)), { code: 'unexpected_end', path: 'payload.EntryFunction.args[1]', offset: 131 }],
    ['truncated inside the sender', raw, fromHex(V2.slice(0, 20)), { code: 'unexpected_end', path: 'sender', offset: 0 }],
    ['trailing byte after a complete transaction', raw, fromHex(V2 + '00'), { code: 'remaining_input', path: '', offset: 165 }],
    ['invalid UTF-8 in the module name', raw, splice(V2, 74, 1, 'ff'), { code: 'invalid_utf8', path: 'payload.EntryFunction.module.name', offset: 74 }],
    ['invalid UTF-8 in the function name', raw, splice(V2, 88, 2, 'c328'), { code: 'invalid_utf8', path: 'payload.EntryFunction.function', offset: 88 }],
    ['over-long module name length', raw, splice(V2, 73, 1, 'ff01'), { code: 'unexpected_end', path: 'payload.EntryFunction.module.name', offset: 73 }],
    ['over-long args count (2^31)', raw, splice(V2, 97, 1, '8080808008'), { code: 'exceeded_max_length', path: 'payload.EntryFunction.args', offset: 97 }],
    ['bad bool in a script argument (Bool(2))', raw, fromHex(V5.replace('0501060700', '0502060700')), { code: 'expected_boolean', path: 'payload.Script.args[5].Bool', offset: 117 }],
    ['bad option tag in a multisig payload', raw, splice(V7, 73, 1, '02'), { code: 'expected_option', path: 'payload.Multisig.transactionPayload', offset: 73 }],
    ['bad option tag in the replay-protection nonce', raw, splice(V8, 144, 1, '02'), { code: 'expected_option', path: 'payload.Payload.V1.extraConfig.V1.replayProtectionNonce', offset: 144 }],
    ['TransactionExecutable::Encrypted is not supported', raw, splice(V8, 42, 1, '03'), { code: 'not_supported', path: 'payload.Payload.V1.executable', offset: 42 }],
    ['unknown TransactionExtraConfig variant', raw, splice(V8, 142, 1, '01'), { code: 'invalid_variant', path: 'payload.Payload.V1.extraConfig', offset: 142 }],
    ['unknown TransactionAuthenticator variant', signed, splice(V13, 165, 1, '07'), { code: 'invalid_variant', path: 'authenticator', offset: 165 }],
    ['Ed25519 public key of 31 bytes', signed, splice(V13, 166, 2, '1f'), { code: 'invalid_length', path: 'authenticator.Ed25519.publicKey', offset: 166 }],
    ['truncated signature', signed, fromHex(V13.slice(0, -2)), { code: 'unexpected_end', path: 'authenticator.Ed25519.signature', offset: 199 }],
    ['trailing bytes after a signed transaction', signed, fromHex(V13 + 'abcd'), { code: 'remaining_input', path: '', offset: V13.length / 2 }],
  ];

  for (const [name, schema, bytes, expected] of cases) {
    it(name, () => expect(failure(schema, bytes)).toEqual(expected));
  }

  it('type-tag nesting at the limit decodes: 7 vectors around the struct, 8 around u8', () => {
    type Nested = { $kind: string; value?: Nested };
    const typeArg0 = (bytes: Uint8Array) => {
      const p = rawTransaction.decode(bytes).payload;
      if (p.$kind !== 'EntryFunction') throw new Error('not an entry function');
      return p.value.typeArgs[0] as Nested;
    };
    const depth = (t: Nested): number => (t.$kind === 'vector' ? 1 + depth(t.value!) : 0);
    const innermost = (t: Nested): Nested => (t.$kind === 'vector' ? innermost(t.value!) : t);

    const aptosCoin = typeArg0(fromHex(V3));
    const seven = typeArg0(splice(V3, 88, 0, '06'.repeat(7)));
    expect(depth(seven)).toBe(7);
    expect(innermost(seven)).toEqual(aptosCoin);
    expect(aptosCoin).toEqual({ $kind: 'struct', value: { address: '0x' + '00'.repeat(31) + '01', module: 'aptos_coin', name: 'AptosCoin', typeArgs: [] } });
    const eight = typeArg0(splice(V3, 88, 55, '06'.repeat(8) + '01'));
    expect(depth(eight)).toBe(8);
    expect(innermost(eight)).toEqual({ $kind: 'u8' });

    // The failing 8-level input above is what the encoder writes for one more vector: encoding allows
    // one more nesting level than decoding ("serialize can handle one more nesting than deserialize").
    const decoded = rawTransaction.decode(splice(V3, 88, 0, '06'.repeat(7)));
    if (decoded.payload.$kind !== 'EntryFunction') throw new Error('not an entry function');
    const deeper = { ...decoded, payload: { ...decoded.payload, value: { ...decoded.payload.value, typeArgs: [{ $kind: 'vector', value: decoded.payload.value.typeArgs[0] }] } } };
    expect(rawTransaction.encode(deeper as typeof decoded)).toEqual(splice(V3, 88, 0, '06'.repeat(8)));
  });
});
