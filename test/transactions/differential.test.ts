// Differential property test against @aptos-labs/ts-sdk 7.3: random transactions built both ways
// must give identical bytes, signing messages and hashes, and our decoder must read ts-sdk's bytes
// back to the value. Signed-integer type tags are excluded from the random values (ts-sdk numbers
// them 11–16, the node 12–17: third_party/move/move-core/types/src/language_storage.rs `TypeTag`) and checked by hand at the end of this file
// (and in roundtrip.test.ts); function type tags too (ts-sdk has none). Keys, signatures and
// authenticators cover every kind ts-sdk can build, within its limits (see arbitraries.ts).
import * as sdk from '@aptos-labs/ts-sdk';
// Keyless types live in a sub-path (importing it also registers them with AnyPublicKey/AnySignature).
import {
  EphemeralCertificate,
  EphemeralPublicKey,
  EphemeralSignature,
  FederatedKeylessPublicKey,
  Groth16Zkp,
  KeylessPublicKey,
  KeylessSignature,
  ZeroKnowledgeSig,
  ZkProof,
} from '@aptos-labs/ts-sdk/keyless';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountAuthenticator as accountAuthenticatorSchema,
  assembleSignedTransaction,
  entryFunction,
  feePayerSigningMessage,
  multiAgentSigningMessage,
  rawTransaction,
  signedTransaction,
  signingMessage,
  transactionAuthenticator,
  transactionPayload,
  type AccountAuthenticator,
  type AnyPublicKey,
  type AnySignature,
  type EntryFunction,
  type RawTransaction,
  type Script,
  type TransactionArgument,
  type TransactionAuthenticator,
  type TransactionPayload,
} from '../../src/transactions/index.js';
import { isBcsError } from '../../src/bcs/index.js';
import { type TypeTag } from '../../src/move/index.js';
import { transactionHash } from '../../src/hash/index.js';

import { transactionArbitraries } from './arbitraries.js';

const RUNS = { numRuns: 150 };

// ---------------------------------------------------------------------------------------------
// Arbitraries (values in our decoded plain-data form, so decode results compare with toEqual)

const { address, payload, raw, accountAuthenticator } = transactionArbitraries({ typeTags: 'ts-sdk' });

// ---------------------------------------------------------------------------------------------
// The same values as ts-sdk objects

const A = (a: string) => sdk.AccountAddress.from(a);

function sdkTypeTag(t: TypeTag): sdk.TypeTag {
  switch (t.$kind) {
    case 'bool':
      return new sdk.TypeTagBool();
    case 'u8':
      return new sdk.TypeTagU8();
    case 'u16':
      return new sdk.TypeTagU16();
    case 'u32':
      return new sdk.TypeTagU32();
    case 'u64':
      return new sdk.TypeTagU64();
    case 'u128':
      return new sdk.TypeTagU128();
    case 'u256':
      return new sdk.TypeTagU256();
    case 'address':
      return new sdk.TypeTagAddress();
    case 'signer':
      return new sdk.TypeTagSigner();
    case 'vector':
      return new sdk.TypeTagVector(sdkTypeTag(t.value));
    case 'struct':
      return new sdk.TypeTagStruct(
        new sdk.StructTag(A(t.value.address), new sdk.Identifier(t.value.module), new sdk.Identifier(t.value.name), t.value.typeArgs.map(sdkTypeTag)),
      );
    default:
      throw new Error(`no ts-sdk equivalent for ${t.$kind}`);
  }
}

// ts-sdk's EntryFunctionBytes has a private constructor; this writes an already-encoded argument.
class RawArg extends sdk.Serializable {
  constructor(readonly value: Uint8Array) {
    super();
  }
  serialize(s: sdk.Serializer): void {
    s.serializeFixedBytes(this.value);
  }
  serializeForEntryFunction(s: sdk.Serializer): void {
    s.serializeBytes(this.value);
  }
}

function sdkEntryFunction(f: EntryFunction): sdk.EntryFunction {
  return new sdk.EntryFunction(
    new sdk.ModuleId(A(f.module.address), new sdk.Identifier(f.module.name)),
    new sdk.Identifier(f.function),
    f.typeArgs.map(sdkTypeTag),
    f.args.map((b) => new RawArg(b) as unknown as sdk.EntryFunctionArgument),
  );
}

function sdkScriptArg(a: TransactionArgument): sdk.ScriptFunctionArgument {
  switch (a.$kind) {
    case 'U8':
      return new sdk.U8(a.value);
    case 'U16':
      return new sdk.U16(a.value);
    case 'U32':
      return new sdk.U32(a.value);
    case 'U64':
      return new sdk.U64(a.value);
    case 'U128':
      return new sdk.U128(a.value);
    case 'U256':
      return new sdk.U256(a.value);
    case 'I8':
      return new sdk.I8(a.value);
    case 'I16':
      return new sdk.I16(a.value);
    case 'I32':
      return new sdk.I32(a.value);
    case 'I64':
      return new sdk.I64(a.value);
    case 'I128':
      return new sdk.I128(a.value);
    case 'I256':
      return new sdk.I256(a.value);
    case 'Bool':
      return new sdk.Bool(a.value);
    case 'Address':
      return A(a.value);
    case 'U8Vector':
      return sdk.MoveVector.U8(a.value);
    case 'Serialized':
      return new sdk.Serialized(a.value);
  }
}

function sdkScript(s: Script): sdk.Script {
  return new sdk.Script(s.code, s.typeArgs.map(sdkTypeTag), s.args.map(sdkScriptArg));
}

function sdkPayload(p: TransactionPayload): sdk.TransactionPayload {
  switch (p.$kind) {
    case 'EntryFunction':
      return new sdk.TransactionPayloadEntryFunction(sdkEntryFunction(p.value));
    case 'Script':
      return new sdk.TransactionPayloadScript(sdkScript(p.value));
    case 'Multisig': {
      const inner = p.value.transactionPayload;
      return new sdk.TransactionPayloadMultiSig(
        new sdk.MultiSig(
          A(p.value.multisigAddress),
          inner === null
            ? undefined
            : new sdk.MultiSigTransactionPayload(inner.$kind === 'EntryFunction' ? sdkEntryFunction(inner.value) : sdkScript(inner.value)),
        ),
      );
    }
    case 'Payload': {
      const { executable, extraConfig } = p.value.value;
      const exe =
        executable.$kind === 'EntryFunction'
          ? new sdk.TransactionExecutableEntryFunction(sdkEntryFunction(executable.value))
          : executable.$kind === 'Script'
            ? new sdk.TransactionExecutableScript(sdkScript(executable.value))
            : new sdk.TransactionExecutableEmpty();
      const c = extraConfig.value;
      return new sdk.TransactionInnerPayloadV1(
        exe,
        new sdk.TransactionExtraConfigV1(c.multisigAddress === null ? undefined : A(c.multisigAddress), c.replayProtectionNonce ?? undefined),
      );
    }
    default:
      throw new Error('not generated');
  }
}

function sdkRaw(t: RawTransaction): sdk.RawTransaction {
  return new sdk.RawTransaction(
    A(t.sender),
    t.sequenceNumber,
    sdkPayload(t.payload),
    t.maxGasAmount,
    t.gasUnitPrice,
    t.expirationTimestampSecs,
    new sdk.ChainId(t.chainId),
  );
}

function sdkKeylessPublicKey(k: { issVal: string; idc: Uint8Array }): KeylessPublicKey {
  return new KeylessPublicKey(k.issVal, k.idc);
}

function sdkPublicKey(k: AnyPublicKey): sdk.PublicKey {
  switch (k.$kind) {
    case 'Ed25519':
      return new sdk.Ed25519PublicKey(k.value);
    case 'Secp256k1Ecdsa':
      return new sdk.Secp256k1PublicKey(k.value);
    case 'Secp256r1Ecdsa':
      return new sdk.Secp256r1PublicKey(k.value);
    case 'Keyless':
      return sdkKeylessPublicKey(k.value);
    case 'FederatedKeyless':
      return new FederatedKeylessPublicKey(A(k.value.jwkAddr), sdkKeylessPublicKey(k.value.pk));
    default:
      throw new Error('not generated');
  }
}

type Keyless = Extract<AnySignature, { $kind: 'Keyless' }>['value'];

// Ed25519 is the only ephemeral key and signature kind ts-sdk 7.3 has (arbitraries.ts).
function sdkEphemeralSignature(s: Keyless['ephemeralSignature']): EphemeralSignature {
  if (s.$kind !== 'Ed25519') throw new Error('not generated');
  return new EphemeralSignature(new sdk.Ed25519Signature(s.value));
}

function sdkKeylessSignature(k: Keyless): KeylessSignature {
  if (k.cert.$kind !== 'ZeroKnowledgeSig' || k.ephemeralPubkey.$kind !== 'Ed25519') throw new Error('not generated');
  const zk = k.cert.value;
  const cert = new ZeroKnowledgeSig({
    proof: new ZkProof(new Groth16Zkp(zk.proof.value), sdk.ZkpVariant.Groth16),
    // ts-sdk holds both u64 fields as JS numbers: the arbitraries keep them below 2^53.
    expHorizonSecs: Number(zk.expHorizonSecs),
    extraField: zk.extraField ?? undefined,
    overrideAudVal: zk.overrideAudVal ?? undefined,
    trainingWheelsSignature: zk.trainingWheelsSignature === null ? undefined : sdkEphemeralSignature(zk.trainingWheelsSignature),
  });
  return new KeylessSignature({
    ephemeralCertificate: new EphemeralCertificate(cert, sdk.EphemeralCertificateVariant.ZkProof),
    jwtHeader: k.jwtHeaderJson,
    expiryDateSecs: Number(k.expDateSecs),
    ephemeralPublicKey: new EphemeralPublicKey(new sdk.Ed25519PublicKey(k.ephemeralPubkey.value)),
    ephemeralSignature: sdkEphemeralSignature(k.ephemeralSignature),
  });
}

function sdkSignature(s: AnySignature): sdk.Signature {
  switch (s.$kind) {
    case 'Ed25519':
      return new sdk.Ed25519Signature(s.value);
    case 'Secp256k1Ecdsa':
      return new sdk.Secp256k1Signature(s.value);
    case 'WebAuthn':
      return new sdk.WebAuthnSignature(s.value.signature.value, s.value.authenticatorData, s.value.clientDataJson);
    case 'Keyless':
      return sdkKeylessSignature(s.value);
    default:
      throw new Error('not generated');
  }
}

function sdkAccountAuthenticator(a: AccountAuthenticator): sdk.AccountAuthenticator {
  switch (a.$kind) {
    case 'Ed25519':
      return new sdk.AccountAuthenticatorEd25519(new sdk.Ed25519PublicKey(a.value.publicKey), new sdk.Ed25519Signature(a.value.signature));
    case 'SingleKey':
      return new sdk.AccountAuthenticatorSingleKey(
        new sdk.AnyPublicKey(sdkPublicKey(a.value.publicKey)),
        new sdk.AnySignature(sdkSignature(a.value.signature)),
      );
    case 'MultiKey':
      return new sdk.AccountAuthenticatorMultiKey(
        new sdk.MultiKey({
          publicKeys: a.value.publicKeys.publicKeys.map(sdkPublicKey),
          signaturesRequired: a.value.publicKeys.signaturesRequired,
        }),
        new sdk.MultiKeySignature({ signatures: a.value.signatures.map(sdkSignature), bitmap: a.value.signaturesBitmap }),
      );
    case 'MultiEd25519':
      return new sdk.AccountAuthenticatorMultiEd25519(
        new sdk.MultiEd25519PublicKey({
          publicKeys: a.value.publicKey.publicKeys.map((k) => new sdk.Ed25519PublicKey(k)),
          threshold: a.value.publicKey.threshold,
        }),
        new sdk.MultiEd25519Signature({
          signatures: a.value.signature.signatures.map((s) => new sdk.Ed25519Signature(s)),
          bitmap: a.value.signature.bitmap,
        }),
      );
    case 'NoAccountAuthenticator':
      return new sdk.AccountAuthenticatorNoAccountAuthenticator();
    case 'Abstraction': {
      const { functionInfo: f, authData } = a.value;
      const functionInfo = `${f.moduleAddress}::${f.moduleName}::${f.functionName}` as const;
      return authData.$kind === 'V1'
        ? // ts-sdk writes a V1 authenticator as given, without a length: its AbstractedAccount passes the
          // BCS bytes of an AbstractSignature (length-prefixed), and so does this.
          new sdk.AccountAuthenticatorAbstraction(functionInfo, authData.value.signingMessageDigest, new sdk.AbstractSignature(authData.value.authenticator).bcsToBytes())
        : new sdk.AccountAuthenticatorAbstraction(
            functionInfo,
            authData.value.signingMessageDigest,
            authData.value.abstractSignature,
            authData.value.abstractPublicKey,
          );
    }
  }
}

/** The account authenticators inside a transaction authenticator that more of its bytes follow. */
function authenticatorsNotAtTheEnd(t: TransactionAuthenticator): AccountAuthenticator[] {
  switch (t.$kind) {
    case 'MultiAgent': // sender | addresses | signers: the sender is followed by two vectors, even empty ones
      return [t.value.sender, ...t.value.secondarySigners.slice(0, -1)];
    case 'FeePayer':
      return [t.value.sender, ...t.value.secondarySigners];
    default:
      return [];
  }
}

const isAbstractionV1 = (a: AccountAuthenticator) => a.$kind === 'Abstraction' && a.value.authData.$kind === 'V1';

/** Labels for the key, signature and authenticator kinds inside an account authenticator. */
function kindLabels(a: AccountAuthenticator): string[] {
  const sig = (s: AnySignature) =>
    s.$kind === 'Keyless'
      ? ['signature:Keyless', ...(s.value.cert.$kind === 'ZeroKnowledgeSig' && s.value.cert.value.trainingWheelsSignature !== null ? ['keyless:trainingWheels'] : [])]
      : [`signature:${s.$kind}`];
  switch (a.$kind) {
    case 'SingleKey':
      return [`publicKey:${a.value.publicKey.$kind}`, ...sig(a.value.signature)];
    case 'MultiKey':
      return [...a.value.publicKeys.publicKeys.map((k) => `publicKey:${k.$kind}`), ...a.value.signatures.flatMap(sig)];
    case 'Abstraction':
      return [`Abstraction:${a.value.authData.$kind}`];
    default:
      return [a.$kind];
  }
}

// ---------------------------------------------------------------------------------------------

describe('differential against @aptos-labs/ts-sdk 7.3', () => {
  it('payloads: identical bytes, and ts-sdk bytes decode to the value', () => {
    fc.assert(
      fc.property(payload, (p) => {
        const theirs = sdkPayload(p).bcsToBytes();
        expect(transactionPayload.encode(p)).toEqual(theirs);
        expect(transactionPayload.decode(theirs)).toEqual(p);
      }),
      RUNS,
    );
  });

  it('raw transactions: identical bytes and single-signer signing messages; decode of ts-sdk bytes', () => {
    fc.assert(
      fc.property(raw, (t) => {
        const theirs = sdkRaw(t);
        const bytes = theirs.bcsToBytes();
        expect(rawTransaction.encode(t)).toEqual(bytes);
        expect(rawTransaction.decode(bytes)).toEqual(t);
        expect(signingMessage(t)).toEqual(sdk.generateSigningMessageForTransaction(new sdk.SimpleTransaction(theirs)));
      }),
      RUNS,
    );
  });

  it('multi-agent and fee-payer signing messages (including the 0x0 fee payer)', () => {
    fc.assert(
      fc.property(raw, fc.array(address, { maxLength: 3 }), fc.option(address), (t, secondaries, feePayer) => {
        const theirs = sdkRaw(t);
        const feeSdk = feePayer === null ? undefined : A(feePayer);
        const ma = new sdk.MultiAgentTransaction(theirs, secondaries.map(A), feeSdk);
        const ours = feePayer === null ? multiAgentSigningMessage(t, secondaries) : feePayerSigningMessage(t, secondaries, feePayer);
        expect(ours).toEqual(sdk.generateSigningMessageForTransaction(ma));
        const zero = new sdk.SimpleTransaction(theirs, sdk.AccountAddress.ZERO);
        expect(feePayerSigningMessage(t)).toEqual(sdk.generateSigningMessageForTransaction(zero));
      }),
      RUNS,
    );
  });

  it('account authenticators (every key, signature and authenticator kind ts-sdk builds): identical bytes both ways', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(accountAuthenticator, (a) => {
        for (const label of kindLabels(a)) seen.add(label);
        const theirs = sdkAccountAuthenticator(a).bcsToBytes();
        expect(accountAuthenticatorSchema.encode(a)).toEqual(theirs);
        expect(accountAuthenticatorSchema.decode(theirs)).toEqual(a);
        const d = new sdk.Deserializer(theirs);
        expect(sdk.AccountAuthenticator.deserialize(d).bcsToBytes()).toEqual(theirs);
        expect(d.remaining()).toBe(0);
      }),
      { numRuns: 300 },
    );
    // The run must have met every kind (a generator that stopped producing one would pass silently).
    expect([...seen].sort()).toEqual(
      [
        'Abstraction:DerivableV1',
        'Abstraction:V1',
        'Ed25519',
        'MultiEd25519',
        'NoAccountAuthenticator',
        'keyless:trainingWheels',
        'publicKey:Ed25519',
        'publicKey:FederatedKeyless',
        'publicKey:Keyless',
        'publicKey:Secp256k1Ecdsa',
        'publicKey:Secp256r1Ecdsa',
        'signature:Ed25519',
        'signature:Keyless',
        'signature:Secp256k1Ecdsa',
        'signature:WebAuthn',
      ].sort(),
    );
  });

  it('signed transactions: identical bytes and hashes for every authenticator shape', () => {
    fc.assert(
      fc.property(
        raw,
        accountAuthenticator,
        fc.option(fc.array(fc.tuple(address, accountAuthenticator), { maxLength: 2 })),
        fc.option(fc.tuple(address, accountAuthenticator)),
        (t, sender, secondaries, feePayer) => {
          const rawSdk = sdkRaw(t);
          const transaction =
            secondaries === null
              ? new sdk.SimpleTransaction(rawSdk, feePayer === null ? undefined : A(feePayer[0]))
              : new sdk.MultiAgentTransaction(
                  rawSdk,
                  secondaries.map(([a]) => A(a)),
                  feePayer === null ? undefined : A(feePayer[0]),
                );
          const sdkArgs = {
            transaction,
            senderAuthenticator: sdkAccountAuthenticator(sender),
            ...(secondaries === null ? {} : { additionalSignersAuthenticators: secondaries.map(([, a]) => sdkAccountAuthenticator(a)) }),
            ...(feePayer === null ? {} : { feePayerAuthenticator: sdkAccountAuthenticator(feePayer[1]) }),
          };
          const theirs = sdk.generateSignedTransaction(sdkArgs);
          const signed = assembleSignedTransaction({
            rawTxn: t,
            sender,
            ...(secondaries === null ? {} : { secondarySigners: secondaries.map(([address, authenticator]) => ({ address, authenticator })) }),
            ...(feePayer === null ? {} : { feePayer: { address: feePayer[0], authenticator: feePayer[1] } }),
          });
          expect(signedTransaction.encode(signed)).toEqual(theirs);
          const decoded = signedTransaction.decode(theirs);
          expect(decoded).toEqual(signed);
          expect('0x' + Buffer.from(transactionHash(signed)).toString('hex')).toBe(sdk.generateUserTransactionHash(sdkArgs));
          // ts-sdk's own decoder agrees on the authenticator bytes, except where it cannot read them: it
          // reads an Abstraction V1 authenticator to the end of the input (see the hand test below), so
          // such an authenticator is checked only where nothing follows it.
          const auth = transactionAuthenticator.encode(decoded.authenticator);
          if (!authenticatorsNotAtTheEnd(decoded.authenticator).some(isAbstractionV1)) {
            expect(sdk.TransactionAuthenticator.deserialize(new sdk.Deserializer(auth)).bcsToBytes()).toEqual(auth);
          }
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('by hand: where ts-sdk 7.3 and the node layout part', () => {
  const kinds = ['i8', 'i16', 'i32', 'i64', 'i128', 'i256'] as const;
  const sdkTags = [sdk.TypeTagI8, sdk.TypeTagI16, sdk.TypeTagI32, sdk.TypeTagI64, sdk.TypeTagI128, sdk.TypeTagI256];
  const sdkEntryFunctionBytes = (tag: sdk.TypeTag) => {
    const s = new sdk.Serializer();
    new sdk.EntryFunction(new sdk.ModuleId(A('0x1'), new sdk.Identifier('m')), new sdk.Identifier('f'), [tag], []).serialize(s);
    return s.toUint8Array();
  };
  // address(32) | 01 'm' | 01 'f' | 01 type-argument count | tag at byte 37 | 00 argument count
  const TAG = 37;

  kinds.forEach((k, i) => {
    it(`signed-integer type tag ${k}: ts-sdk writes ${11 + i}, the node (and we) ${12 + i}; what we read from ts-sdk's bytes`, () => {
      const ours = entryFunction.encode({ module: { address: '0x1', name: 'm' }, function: 'f', typeArgs: [{ $kind: k }], args: [] });
      const theirs = sdkEntryFunctionBytes(new sdkTags[i]());
      expect(ours[TAG]).toBe(12 + i);
      expect(theirs[TAG]).toBe(11 + i);
      expect(theirs).toEqual(Uint8Array.from(ours, (b, j) => (j === TAG ? b - 1 : b))); // that byte is the only difference
      if (i === 0) {
        // 0b is the node's Function tag: it reads the argument count (00) as an empty parameter list,
        // then needs the results list, and the input has ended.
        let error: unknown;
        try {
          entryFunction.decode(theirs);
        } catch (e) {
          error = e;
        }
        expect(isBcsError(error) && { code: error.code, path: error.path, offset: error.offset }).toEqual({ code: 'unexpected_end', path: 'typeArgs[0]', offset: TAG + 2 });
      } else {
        // Silently the next-smaller signed type, as a node would read it.
        expect(entryFunction.decode(theirs).typeArgs).toEqual([{ $kind: kinds[i - 1] }]);
      }
    });
  });

  it('Abstraction V1: same bytes, but ts-sdk reads the authenticator to the end of the input, not by its length', () => {
    // aptos-core types/src/transaction/authenticator.rs `AbstractionAuthData::V1 { signing_message_digest, authenticator }`, both bytes. ts-sdk writes
    // it right (given the length-prefixed bytes, as its AbstractedAccount passes) and reads it with
    // deserializeFixedBytes(remaining()), so whatever follows in the input becomes part of it.
    const value: AccountAuthenticator = {
      $kind: 'Abstraction',
      value: {
        functionInfo: { moduleAddress: '0x' + '00'.repeat(31) + '01', moduleName: 'm', functionName: 'f' },
        authData: { $kind: 'V1', value: { signingMessageDigest: Uint8Array.of(1, 2), authenticator: Uint8Array.of(3, 4, 5) } },
      },
    };
    const bytes = accountAuthenticatorSchema.encode(value);
    // 05 Abstraction | address | 01 'm' | 01 'f' | 00 V1 | 02 0102 | 03 030405
    expect(Buffer.from(bytes).toString('hex')).toBe('05' + '00'.repeat(31) + '01' + '016d0166' + '00' + '020102' + '03030405');
    expect(sdkAccountAuthenticator(value).bcsToBytes()).toEqual(bytes);
    const followed = Uint8Array.of(...bytes, 0xab);
    const d = new sdk.Deserializer(followed);
    const theirs = sdk.AccountAuthenticator.deserialize(d) as sdk.AccountAuthenticatorAbstraction;
    expect(Buffer.from(theirs.abstractionSignature).toString('hex')).toBe('03030405ab'); // took the next byte
    expect(d.remaining()).toBe(0);
    // Ours stops after the length and sees the trailing byte.
    let error: unknown;
    try {
      accountAuthenticatorSchema.decode(followed);
    } catch (e) {
      error = e;
    }
    expect(isBcsError(error) && { code: error.code, offset: error.offset }).toEqual({ code: 'remaining_input', offset: bytes.length });
    expect(accountAuthenticatorSchema.decode(bytes)).toEqual(value);
  });
});
