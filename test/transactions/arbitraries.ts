// fast-check arbitraries for every transaction type, in decoded plain-data form (so a decode result
// compares with toEqual). `typeTags: 'ts-sdk'` keeps to what ts-sdk 7.3 can build: no signed-integer
// or function type tags, and keys, signatures and authenticators only in the shapes and value ranges
// its constructors accept (each restriction is commented where it is made; 'all' has none of them).
import fc from 'fast-check';
import type {
  AccountAuthenticator,
  AnyPublicKey,
  AnySignature,
  EntryFunction,
  RawTransaction,
  Script,
  TransactionArgument,
  TransactionPayload,
} from '../../src/transactions/index.js';
import type { TypeTag } from '../../src/move/index.js';
import { bitmapFromIndices } from '../../src/transactions/index.js';

const PRIMITIVES = ['bool', 'u8', 'u16', 'u32', 'u64', 'u128', 'u256', 'address', 'signer'] as const;
const SIGNED = ['i8', 'i16', 'i32', 'i64', 'i128', 'i256'] as const;

function param(t: fc.Arbitrary<TypeTag>) {
  return fc.tuple(fc.constantFrom('reference', 'mutableReference', 'value'), t).map(([$kind, value]) => ({ $kind, value }) as const);
}

export function transactionArbitraries(options: { typeTags: 'ts-sdk' | 'all' }) {
  const all = options.typeTags === 'all';
  const primitives = all ? [...PRIMITIVES, ...SIGNED] : PRIMITIVES;
  const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max });
  const address = bytes(32, 32).map((b) => '0x' + Buffer.from(b).toString('hex'));
  const identifier = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,12}$|^_[a-zA-Z0-9_]{1,8}$/);
  const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
  const signedBig = (bits: bigint) => fc.bigInt({ min: -(1n << (bits - 1n)), max: (1n << (bits - 1n)) - 1n });


  const { typeTag } = fc.letrec<{ typeTag: TypeTag }>((tie) => ({
    typeTag: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      fc.constantFrom(...primitives).map((k) => ({ $kind: k }) as TypeTag),
      tie('typeTag').map((t) => ({ $kind: 'vector', value: t }) as TypeTag),
      fc
        .record({ address, module: identifier, name: identifier, typeArgs: fc.array(tie('typeTag'), { maxLength: 2 }) })
        .map((s) => ({ $kind: 'struct', value: s }) as TypeTag),
      ...(all
        ? [
            fc
              .record({
                args: fc.array(param(tie('typeTag')), { maxLength: 2 }),
                results: fc.array(param(tie('typeTag')), { maxLength: 2 }),
                abilities: fc.integer({ min: 0, max: 15 }),
              })
              .map((f) => ({ $kind: 'function', value: f }) as TypeTag),
          ]
        : []),
    ),
  }));

  const transactionArgument: fc.Arbitrary<TransactionArgument> = fc.oneof(
    fc.integer({ min: 0, max: 255 }).map((value) => ({ $kind: 'U8', value }) as const),
    u64.map((value) => ({ $kind: 'U64', value }) as const),
    fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }).map((value) => ({ $kind: 'U128', value }) as const),
    address.map((value) => ({ $kind: 'Address', value }) as const),
    bytes(0, 20).map((value) => ({ $kind: 'U8Vector', value }) as const),
    fc.boolean().map((value) => ({ $kind: 'Bool', value }) as const),
    fc.integer({ min: 0, max: 0xffff }).map((value) => ({ $kind: 'U16', value }) as const),
    fc.integer({ min: 0, max: 0xffffffff }).map((value) => ({ $kind: 'U32', value }) as const),
    fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }).map((value) => ({ $kind: 'U256', value }) as const),
    bytes(0, 20).map((value) => ({ $kind: 'Serialized', value }) as const),
    fc.integer({ min: -128, max: 127 }).map((value) => ({ $kind: 'I8', value }) as const),
    fc.integer({ min: -0x8000, max: 0x7fff }).map((value) => ({ $kind: 'I16', value }) as const),
    fc.integer({ min: -0x80000000, max: 0x7fffffff }).map((value) => ({ $kind: 'I32', value }) as const),
    signedBig(64n).map((value) => ({ $kind: 'I64', value }) as const),
    signedBig(128n).map((value) => ({ $kind: 'I128', value }) as const),
    signedBig(256n).map((value) => ({ $kind: 'I256', value }) as const),
  );

  const entryFunction: fc.Arbitrary<EntryFunction> = fc.record({
    module: fc.record({ address, name: identifier }),
    function: identifier,
    typeArgs: fc.array(typeTag, { maxLength: 3 }),
    args: fc.array(bytes(0, 40), { maxLength: 4 }),
  });

  const script: fc.Arbitrary<Script> = fc.record({
    code: bytes(0, 30),
    typeArgs: fc.array(typeTag, { maxLength: 2 }),
    args: fc.array(transactionArgument, { maxLength: 4 }),
  });

  const payload: fc.Arbitrary<TransactionPayload> = fc.oneof(
    entryFunction.map((value) => ({ $kind: 'EntryFunction', value }) as const),
    script.map((value) => ({ $kind: 'Script', value }) as const),
    fc
      .record({
        multisigAddress: address,
        transactionPayload: fc.option(
          fc.oneof(
            entryFunction.map((value) => ({ $kind: 'EntryFunction', value }) as const),
            script.map((value) => ({ $kind: 'Script', value }) as const),
          ),
        ),
      })
      .map((value) => ({ $kind: 'Multisig', value }) as const),
    fc
      .record({
        executable: fc.oneof(
          entryFunction.map((value) => ({ $kind: 'EntryFunction', value }) as const),
          script.map((value) => ({ $kind: 'Script', value }) as const),
          fc.constant({ $kind: 'Empty' } as const),
        ),
        multisigAddress: fc.option(address),
        replayProtectionNonce: fc.option(u64),
      })
      .map(
        ({ executable, multisigAddress, replayProtectionNonce }) =>
          ({
            $kind: 'Payload',
            value: { $kind: 'V1', value: { executable, extraConfig: { $kind: 'V1', value: { multisigAddress, replayProtectionNonce } } } },
          }) as const,
      ),
  );

  const raw: fc.Arbitrary<RawTransaction> = fc.record({
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
  const anyPublicKey: fc.Arbitrary<AnyPublicKey> = fc.oneof(
    bytes(32, 32).map((value) => ({ $kind: 'Ed25519', value }) as const),
    bytes(65, 65).map((value) => ({ $kind: 'Secp256k1Ecdsa', value }) as const),
    // ts-sdk takes a 65-byte Secp256r1 key as is (only a 33-byte compressed one is parsed as a point).
    bytes(65, 65).map((value) => ({ $kind: 'Secp256r1Ecdsa', value }) as const),
    keyless.map((value) => ({ $kind: 'Keyless', value }) as const),
    fc.record({ jwkAddr: address, pk: keyless }).map((value) => ({ $kind: 'FederatedKeyless', value }) as const),
    // ts-sdk 7.3 lists the SLH-DSA variant index but has no key or signature class for it
    // ("full implementation not yet available"), so SLH-DSA keys and signatures are 'all' only.
    ...(all ? [bytes(32, 32).map((value) => ({ $kind: 'SlhDsa_Sha2_128s', value }) as const)] : []),
  );
  // ts-sdk's WebAuthnSignature holds the assertion signature as raw bytes (no point or range check).
  const webAuthn = fc.record({
    signature: bytes(64, 64).map((value) => ({ $kind: 'Secp256r1Ecdsa', value }) as const),
    authenticatorData: bytes(0, 40),
    clientDataJson: bytes(0, 60),
  });
  const ed25519EphemeralSignature = bytes(64, 64).map((value) => ({ $kind: 'Ed25519', value }) as const);
  // ts-sdk 7.3 models a KeylessSignature only partly; in 'ts-sdk' mode:
  // * EphemeralSignature (ephemeral and training-wheels signature) and EphemeralPublicKey are
  //   Ed25519 only (its constructors throw for WebAuthn and Secp256r1; its variant enums stop at 0);
  // * the certificate is ZeroKnowledgeSig only (EphemeralCertificateVariant has no OpenIdSig);
  // * expHorizonSecs and expDateSecs are JS numbers there (its decoder refuses values above
  //   Number.MAX_SAFE_INTEGER), so they stay below 2^53; the node's fields are full u64.
  const ephemeralSignature = all ? fc.oneof(ed25519EphemeralSignature, webAuthn.map((value) => ({ $kind: 'WebAuthn', value }) as const)) : ed25519EphemeralSignature;
  const keylessU64 = all ? u64 : fc.bigInt({ min: 0n, max: BigInt(Number.MAX_SAFE_INTEGER) });
  const zeroKnowledgeSig = fc
    .record({
      proof: fc.record({ a: bytes(32, 32), b: bytes(64, 64), c: bytes(32, 32) }).map((value) => ({ $kind: 'Groth16', value }) as const),
      expHorizonSecs: keylessU64,
      extraField: fc.option(fc.string({ maxLength: 10 })),
      overrideAudVal: fc.option(fc.string({ maxLength: 10 })),
      trainingWheelsSignature: fc.option(ephemeralSignature),
    })
    .map((value) => ({ $kind: 'ZeroKnowledgeSig', value }) as const);
  const openIdSig = fc
    .record({
      jwtSig: bytes(0, 40),
      jwtPayloadJson: fc.string({ maxLength: 30 }),
      uidKey: fc.string({ maxLength: 10 }),
      epkBlinder: bytes(0, 31),
      pepper: bytes(31, 31),
      idcAudVal: fc.option(fc.string({ maxLength: 10 })),
    })
    .map((value) => ({ $kind: 'OpenIdSig', value }) as const);
  const ed25519EphemeralPubkey = bytes(32, 32).map((value) => ({ $kind: 'Ed25519', value }) as const);
  const keylessSignature = fc.record({
    cert: all ? fc.oneof(zeroKnowledgeSig, openIdSig) : zeroKnowledgeSig,
    jwtHeaderJson: fc.string({ maxLength: 30 }),
    expDateSecs: keylessU64,
    ephemeralPubkey: all
      ? fc.oneof(ed25519EphemeralPubkey, bytes(65, 65).map((value) => ({ $kind: 'Secp256r1Ecdsa', value }) as const))
      : ed25519EphemeralPubkey,
    ephemeralSignature,
  });
  const anySignature: fc.Arbitrary<AnySignature> = fc.oneof(
    bytes(64, 64).map((value) => ({ $kind: 'Ed25519', value }) as const),
    bytes(64, 64).map((value) => ({ $kind: 'Secp256k1Ecdsa', value }) as const),
    webAuthn.map((value) => ({ $kind: 'WebAuthn', value }) as const),
    keylessSignature.map((value) => ({ $kind: 'Keyless', value }) as const),
    ...(all ? [bytes(0, 100).map((value) => ({ $kind: 'SlhDsa_Sha2_128s', value }) as const)] : []),
  );

  const multiKeyAuth: fc.Arbitrary<AccountAuthenticator> = fc
    .array(anyPublicKey, { minLength: 1, maxLength: 5 })
    .chain((keys) =>
      fc.record({
        keys: fc.constant(keys),
        // ts-sdk refuses signaturesRequired > 3 when keyless keys are present (a client policy, not a layout rule).
        required: fc.integer({ min: 1, max: Math.min(3, keys.length) }),
        signers: fc.subarray(
          keys.map((_, i) => i),
          { minLength: 1 },
        ),
      }),
    )
    .chain(({ keys, required, signers }) =>
      fc.array(anySignature, { minLength: signers.length, maxLength: signers.length }).map(
        (signatures) =>
          ({
            $kind: 'MultiKey',
            value: { publicKeys: { publicKeys: keys, signaturesRequired: required }, signatures, signaturesBitmap: bitmapFromIndices(signers) },
          }) as const,
      ),
    );

  const multiEd25519Auth: fc.Arbitrary<AccountAuthenticator> = fc
    .array(bytes(32, 32), { minLength: 2, maxLength: 6 }) // ts-sdk requires at least 2 keys
    .chain((keys) =>
      fc.record({
        keys: fc.constant(keys),
        threshold: fc.integer({ min: 1, max: keys.length }),
        signers: fc.subarray(
          keys.map((_, i) => i),
          { minLength: 1 },
        ),
      }),
    )
    .chain(({ keys, threshold, signers }) =>
      fc.array(bytes(64, 64), { minLength: signers.length, maxLength: signers.length }).map(
        (signatures) =>
          ({
            $kind: 'MultiEd25519',
            value: { publicKey: { publicKeys: keys, threshold }, signature: { signatures, bitmap: bitmapFromIndices(signers) } },
          }) as const,
      ),
    );

  // ts-sdk takes the function info as one string `address::module::function` and splits it at "::",
  // so there the names must not contain ':'. The node's layout is two plain strings.
  const functionInfoName = all ? fc.string({ maxLength: 10 }) : fc.string({ maxLength: 10 }).filter((n) => !n.includes(':'));
  const accountAuthenticator: fc.Arbitrary<AccountAuthenticator> = fc.oneof(
    fc.record({ publicKey: bytes(32, 32), signature: bytes(64, 64) }).map((value) => ({ $kind: 'Ed25519', value }) as const),
    fc.record({ publicKey: anyPublicKey, signature: anySignature }).map((value) => ({ $kind: 'SingleKey', value }) as const),
    multiKeyAuth,
    multiEd25519Auth,
    fc.constant({ $kind: 'NoAccountAuthenticator' } as const),
    fc
      .record({
        functionInfo: fc.record({ moduleAddress: address, moduleName: functionInfoName, functionName: functionInfoName }),
        authData: fc.oneof(
          fc.record({ signingMessageDigest: bytes(0, 32), authenticator: bytes(0, 40) }).map((value) => ({ $kind: 'V1', value }) as const),
          fc
            .record({ signingMessageDigest: bytes(0, 32), abstractSignature: bytes(0, 40), abstractPublicKey: bytes(0, 40) })
            .map((value) => ({ $kind: 'DerivableV1', value }) as const),
        ),
      })
      .map((value) => ({ $kind: 'Abstraction', value }) as const),
  );

  return { bytes, address, identifier, u64, typeTag, transactionArgument, entryFunction, script, payload, raw, anyPublicKey, anySignature, keylessSignature, accountAuthenticator };
}
