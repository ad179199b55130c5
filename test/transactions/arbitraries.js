// fast-check arbitraries for every transaction type, in decoded plain-data form (so a decode result
// compares with toEqual). `typeTags: 'ts-sdk'` keeps to what ts-sdk 7.3 can build: no signed-integer
// or function type tags, and only the key kinds its public constructors accept.
import fc from 'fast-check';
import { bitmapFromIndices } from '../../src/index.js';
const PRIMITIVES = ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer'];
const SIGNED = ['i8', 'i16', 'i32', 'i64', 'i128', 'i256'];
function param(t) {
    return fc.tuple(fc.constantFrom('reference', 'mutableReference', 'value'), t).map(([$kind, value]) => ({ $kind, value }));
}
export function transactionArbitraries(options) {
    const all = options.typeTags === 'all';
    const primitives = all ? [...PRIMITIVES, ...SIGNED] : PRIMITIVES;
    const bytes = (min, max) => fc.uint8Array({ minLength: min, maxLength: max });
    const address = bytes(32, 32).map((b) => '0x' + Buffer.from(b).toString('hex'));
    const identifier = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,12}$|^_[a-zA-Z0-9_]{1,8}$/);
    const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
    const signedBig = (bits) => fc.bigInt({ min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n });
    const { typeTag } = fc.letrec((tie) => ({
        typeTag: fc.oneof({ depthSize: 'small', maxDepth: 3 }, fc.constantFrom(...primitives).map((k) => ({ $kind: k })), tie('typeTag').map((t) => ({ $kind: 'vector', value: t })), fc
            .record({ address, module: identifier, name: identifier, typeArgs: fc.array(tie('typeTag'), { maxLength: 2 }) })
            .map((s) => ({ $kind: 'struct', value: s })), ...(all
            ? [
                fc
                    .record({
                    args: fc.array(param(tie('typeTag')), { maxLength: 2 }),
                    results: fc.array(param(tie('typeTag')), { maxLength: 2 }),
                    abilities: fc.integer({ min: 0, max: 15 }),
                })
                    .map((f) => ({ $kind: 'function', value: f })),
            ]
            : [])),
    }));
    const transactionArgument = fc.oneof(fc.integer({ min: 0, max: 255 }).map((value) => ({ $kind: 'U8', value })), u64.map((value) => ({ $kind: 'U64', value })), fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }).map((value) => ({ $kind: 'U128', value })), address.map((value) => ({ $kind: 'Address', value })), bytes(0, 20).map((value) => ({ $kind: 'U8Vector', value })), fc.boolean().map((value) => ({ $kind: 'Bool', value })), fc.integer({ min: 0, max: 0xffff }).map((value) => ({ $kind: 'U16', value })), fc.integer({ min: 0, max: 0xffffffff }).map((value) => ({ $kind: 'U32', value })), fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }).map((value) => ({ $kind: 'U256', value })), bytes(0, 20).map((value) => ({ $kind: 'Serialized', value })), fc.integer({ min: -128, max: 127 }).map((value) => ({ $kind: 'I8', value })), fc.integer({ min: -0x8000, max: 0x7fff }).map((value) => ({ $kind: 'I16', value })), fc.integer({ min: -0x80000000, max: 0x7fffffff }).map((value) => ({ $kind: 'I32', value })), signedBig(64n).map((value) => ({ $kind: 'I64', value })), signedBig(128n).map((value) => ({ $kind: 'I128', value })), signedBig(256n).map((value) => ({ $kind: 'I256', value })));
    const entryFunction = fc.record({
        module: fc.record({ address, name: identifier }),
        function: identifier,
        typeArgs: fc.array(typeTag, { maxLength: 3 }),
        args: fc.array(bytes(0, 40), { maxLength: 4 }),
    });
    const script = fc.record({
        code: bytes(0, 30),
        typeArgs: fc.array(typeTag, { maxLength: 2 }),
        args: fc.array(transactionArgument, { maxLength: 4 }),
    });
    const payload = fc.oneof(entryFunction.map((value) => ({ $kind: 'EntryFunction', value })), script.map((value) => ({ $kind: 'Script', value })), fc
        .record({
        multisigAddress: address,
        transactionPayload: fc.option(fc.oneof(entryFunction.map((value) => ({ $kind: 'EntryFunction', value })), script.map((value) => ({ $kind: 'Script', value })))),
    })
        .map((value) => ({ $kind: 'Multisig', value })), fc
        .record({
        executable: fc.oneof(entryFunction.map((value) => ({ $kind: 'EntryFunction', value })), script.map((value) => ({ $kind: 'Script', value })), fc.constant({ $kind: 'Empty' })),
        multisigAddress: fc.option(address),
        replayProtectionNonce: fc.option(u64),
    })
        .map(({ executable, multisigAddress, replayProtectionNonce }) => ({
        $kind: 'Payload',
        value: { $kind: 'V1', value: { executable, extraConfig: { $kind: 'V1', value: { multisigAddress, replayProtectionNonce } } } },
    })));
    const raw = fc.record({
        sender: address,
        sequenceNumber: u64,
        payload,
        maxGasAmount: u64,
        gasUnitPrice: u64,
        expirationTimestampSecs: u64,
        chainId: fc.integer({ min: 0, max: 255 }),
    });
    // ts-sdk checks the id commitment is 32 bytes; the node's layout is plain bytes.
    const keyless = fc.record({ issVal: fc.string({ maxLength: 20 }), idc: all ? bytes(0, 40) : bytes(32, 32) });
    const anyPublicKey = fc.oneof(bytes(32, 32).map((value) => ({ $kind: 'Ed25519', value })), bytes(65, 65).map((value) => ({ $kind: 'Secp256k1Ecdsa', value })), keyless.map((value) => ({ $kind: 'Keyless', value })), ...(all
        ? [
            bytes(65, 65).map((value) => ({ $kind: 'Secp256r1Ecdsa', value })),
            fc.record({ jwkAddr: address, pk: keyless }).map((value) => ({ $kind: 'FederatedKeyless', value })),
            bytes(32, 32).map((value) => ({ $kind: 'SlhDsa_Sha2_128s', value })),
        ]
        : []));
    const webAuthn = fc.record({
        signature: bytes(64, 64).map((value) => ({ $kind: 'Secp256r1Ecdsa', value })),
        authenticatorData: bytes(0, 40),
        clientDataJson: bytes(0, 60),
    });
    const ephemeralSignature = fc.oneof(bytes(64, 64).map((value) => ({ $kind: 'Ed25519', value })), webAuthn.map((value) => ({ $kind: 'WebAuthn', value })));
    const keylessSignature = fc.record({
        cert: fc.oneof(fc
            .record({
            proof: fc.record({ a: bytes(32, 32), b: bytes(64, 64), c: bytes(32, 32) }).map((value) => ({ $kind: 'Groth16', value })),
            expHorizonSecs: u64,
            extraField: fc.option(fc.string({ maxLength: 10 })),
            overrideAudVal: fc.option(fc.string({ maxLength: 10 })),
            trainingWheelsSignature: fc.option(ephemeralSignature),
        })
            .map((value) => ({ $kind: 'ZeroKnowledgeSig', value })), fc
            .record({
            jwtSig: bytes(0, 40),
            jwtPayloadJson: fc.string({ maxLength: 30 }),
            uidKey: fc.string({ maxLength: 10 }),
            epkBlinder: bytes(0, 31),
            pepper: bytes(31, 31),
            idcAudVal: fc.option(fc.string({ maxLength: 10 })),
        })
            .map((value) => ({ $kind: 'OpenIdSig', value }))),
        jwtHeaderJson: fc.string({ maxLength: 30 }),
        expDateSecs: u64,
        ephemeralPubkey: fc.oneof(bytes(32, 32).map((value) => ({ $kind: 'Ed25519', value })), bytes(65, 65).map((value) => ({ $kind: 'Secp256r1Ecdsa', value }))),
        ephemeralSignature,
    });
    const anySignature = fc.oneof(bytes(64, 64).map((value) => ({ $kind: 'Ed25519', value })), bytes(64, 64).map((value) => ({ $kind: 'Secp256k1Ecdsa', value })), ...(all
        ? [
            webAuthn.map((value) => ({ $kind: 'WebAuthn', value })),
            keylessSignature.map((value) => ({ $kind: 'Keyless', value })),
            bytes(0, 100).map((value) => ({ $kind: 'SlhDsa_Sha2_128s', value })),
        ]
        : []));
    const multiKeyAuth = fc
        .array(anyPublicKey, { minLength: 1, maxLength: 5 })
        .chain((keys) => fc.record({
        keys: fc.constant(keys),
        // ts-sdk refuses signaturesRequired > 3 when keyless keys are present (a client policy, not a layout rule).
        required: fc.integer({ min: 1, max: Math.min(3, keys.length) }),
        signers: fc.subarray(keys.map((_, i) => i), { minLength: 1 }),
    }))
        .chain(({ keys, required, signers }) => fc.array(anySignature, { minLength: signers.length, maxLength: signers.length }).map((signatures) => ({
        $kind: 'MultiKey',
        value: { publicKeys: { publicKeys: keys, signaturesRequired: required }, signatures, signaturesBitmap: bitmapFromIndices(signers) },
    })));
    const multiEd25519Auth = fc
        .array(bytes(32, 32), { minLength: 2, maxLength: 6 }) // ts-sdk requires at least 2 keys
        .chain((keys) => fc.record({
        keys: fc.constant(keys),
        threshold: fc.integer({ min: 1, max: keys.length }),
        signers: fc.subarray(keys.map((_, i) => i), { minLength: 1 }),
    }))
        .chain(({ keys, threshold, signers }) => fc.array(bytes(64, 64), { minLength: signers.length, maxLength: signers.length }).map((signatures) => ({
        $kind: 'MultiEd25519',
        value: { publicKey: { publicKeys: keys, threshold }, signature: { signatures, bitmap: bitmapFromIndices(signers) } },
    })));
    const accountAuthenticator = fc.oneof(fc.record({ publicKey: bytes(32, 32), signature: bytes(64, 64) }).map((value) => ({ $kind: 'Ed25519', value })), fc.record({ publicKey: anyPublicKey, signature: anySignature }).map((value) => ({ $kind: 'SingleKey', value })), multiKeyAuth, multiEd25519Auth, fc.constant({ $kind: 'NoAccountAuthenticator' }), ...(all
        ? [
            fc
                .record({
                functionInfo: fc.record({ moduleAddress: address, moduleName: fc.string({ maxLength: 10 }), functionName: fc.string({ maxLength: 10 }) }),
                authData: fc.oneof(fc.record({ signingMessageDigest: bytes(0, 32), authenticator: bytes(0, 40) }).map((value) => ({ $kind: 'V1', value })), fc
                    .record({ signingMessageDigest: bytes(0, 32), abstractSignature: bytes(0, 40), abstractPublicKey: bytes(0, 40) })
                    .map((value) => ({ $kind: 'DerivableV1', value }))),
            })
                .map((value) => ({ $kind: 'Abstraction', value })),
        ]
        : []));
    return { bytes, address, identifier, u64, typeTag, transactionArgument, entryFunction, script, payload, raw, anyPublicKey, anySignature, keylessSignature, accountAuthenticator };
}
