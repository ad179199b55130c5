// Differential property test against @aptos-labs/ts-sdk 7.3: random transactions built both ways
// must give identical bytes, signing messages and hashes, and our decoder must read ts-sdk's bytes
// back to the value. Signed-integer type tags are excluded (ts-sdk numbers them 11–16, the node
// 12–17; see wire-format.md §2.3) and tested by hand in payload.test.ts; function type tags too
// (ts-sdk has none).
import * as sdk from '@aptos-labs/ts-sdk';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assembleSignedTransaction,
  bitmapFromIndices,
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
  type TransactionPayload,
  type TypeTag,
} from '../../src/index.js';
import { transactionHash } from '../../src/hash.js';

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

function sdkPublicKey(k: AnyPublicKey): sdk.PublicKey {
  switch (k.$kind) {
    case 'Ed25519':
      return new sdk.Ed25519PublicKey(k.value);
    case 'Secp256k1Ecdsa':
      return new sdk.Secp256k1PublicKey(k.value);
    case 'Keyless': {
      // KeylessPublicKey is not exported from ts-sdk's node entry; let its AnyPublicKey decoder build one.
      const s = new sdk.Serializer();
      s.serializeU32AsUleb128(3);
      s.serializeStr(k.value.issVal);
      s.serializeBytes(k.value.idc);
      return sdk.AnyPublicKey.deserialize(new sdk.Deserializer(s.toUint8Array())).publicKey;
    }
    default:
      throw new Error('not generated');
  }
}

function sdkSignature(s: AnySignature): sdk.Signature {
  if (s.$kind === 'Ed25519') return new sdk.Ed25519Signature(s.value);
  if (s.$kind === 'Secp256k1Ecdsa') return new sdk.Secp256k1Signature(s.value);
  throw new Error('not generated');
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
    default:
      throw new Error('not generated');
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
          // ts-sdk's own decoder agrees on the authenticator bytes.
          const auth = transactionAuthenticator.encode(decoded.authenticator);
          expect(sdk.TransactionAuthenticator.deserialize(new sdk.Deserializer(auth)).bcsToBytes()).toEqual(auth);
        },
      ),
      { numRuns: 100 },
    );
  });
});
