// Every strictness rule of the core, triggered inside real transaction bytes (the §5.3 vectors),
// must fail with the right error code, path into the value and byte offset.
import { describe, expect, it } from 'vitest';
import { fromHex, isBcsError, rawTransaction, signedTransaction } from '../../src/index.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };
import signedFixtures from '../../fixtures/transactions/signed-transactions.json' with { type: 'json' };
const vector = (prefix) => rawFixtures.vectors.find((v) => v.name.startsWith(prefix + ' ')).bcs;
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
// | multisig option 143 | nonce option 144. V3: type-argument count 87, typeArgs[0] tag 88.
// A length that runs past the input is reported at the length prefix, as the core does.
/** `hex` with `remove` bytes at byte `at` replaced by `insert`. */
function splice(hex, at, remove, insert = '') {
    return fromHex(hex.slice(0, at * 2) + insert + hex.slice((at + remove) * 2));
}
function failure(schema, bytes) {
    try {
        schema.decode(bytes);
    }
    catch (e) {
        if (!isBcsError(e))
            throw e;
        return { code: e.code, path: e.path, offset: e.offset };
    }
    throw new Error('decoded without error');
}
const raw = rawTransaction;
const signed = signedTransaction;
describe('malformed RawTransaction bytes', () => {
    it('the unmodified vectors decode', () => {
        for (const v of rawFixtures.vectors)
            expect(() => rawTransaction.decode(fromHex(v.bcs))).not.toThrow();
    });
    const cases = [
        ['non-canonical ULEB128 argument count (02 as 82 00)', raw, splice(V2, 97, 1, '8200'), { code: 'non_canonical_uleb128', path: 'payload.EntryFunction.args', offset: 97 }],
        ['non-canonical ULEB128 length of args[1]', raw, splice(V2, 131, 1, '8800'), { code: 'non_canonical_uleb128', path: 'payload.EntryFunction.args[1]', offset: 131 }],
        ['ULEB128 overflow in the type-argument count', raw, splice(V2, 96, 1, 'ffffffff1f'), { code: 'uleb128_overflow', path: 'payload.EntryFunction.typeArgs', offset: 96 }],
        ['unknown TransactionPayload variant 9', raw, splice(V2, 40, 1, '09'), { code: 'invalid_variant', path: 'payload', offset: 40 }],
        ['EncryptedPayload (variant 5) is a typed not_supported error', raw, splice(V2, 40, 1, '05'), { code: 'not_supported', path: 'payload', offset: 40 }],
        ['unknown TypeTag variant inside typeArgs[0]', raw, splice(V3, 88, 1, '1f'), { code: 'invalid_variant', path: 'payload.EntryFunction.typeArgs[0]', offset: 88 }],
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
});
