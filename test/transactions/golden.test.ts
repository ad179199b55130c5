import { createPrivateKey, sign } from 'node:crypto';
import { sha3_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import {
  encodeEntryFunctionTransaction,
  entryFunctionSigningMessage,
  type EntryFunction,
  type EntryFunctionPayloadInput,
  type RawTransactionInput,
  RAW_TRANSACTION_PREFIX_HEX,
  RAW_TRANSACTION_SALT,
  RAW_TRANSACTION_WITH_DATA_PREFIX_HEX,
  RAW_TRANSACTION_WITH_DATA_SALT,
  anyPublicKey,
  assembleSignedTransaction,
  bitmapFromIndices,
  ed25519Authenticator,
  feePayerSigningMessage,
  indicesFromBitmap,
  keylessPublicKey,
  multiAgentSigningMessage,
  multiKey,
  rawTransaction,
  rawTransactionWithData,
  signedTransaction,
  signingMessage,
  transactionArgument,
  transactionAuthenticator,
  transactionCodecs,
  transactionPayload,
  transactionSigningMessage,
  type AnyPublicKey,
  type MultiEd25519PublicKey,
  type MultiKey,
  type RawTransaction,
  type RawTransactionWithData,
  type SignedTransaction,
} from '../../src/transactions/index.js';
import { formatTypeTag, typeArgFromString, typeArgFromTag } from '../../src/move/index.js';
import { fromHex, toHex } from '../../src/bcs/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import {
  ed25519AuthenticationKey,
  hashPrefix,
  multiEd25519AuthenticationKey,
  multiKeyAuthenticationKey,
  singleKeyAuthenticationKey,
  transactionHash,
} from '../../src/hash/index.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };
import withDataFixtures from '../../fixtures/transactions/raw-transactions-with-data.json' with { type: 'json' };
import signedFixtures from '../../fixtures/transactions/signed-transactions.json' with { type: 'json' };
import authKeyFixtures from '../../fixtures/transactions/auth-keys.json' with { type: 'json' };
import sdkFixtures from '../../fixtures/transactions/ts-sdk-vectors.json' with { type: 'json' };
import prefixFixtures from '../../fixtures/transactions/domain-prefixes.json' with { type: 'json' };

const codecs = transactionCodecs();
const hex = (b: Uint8Array) => toHex(b).slice(2);

function ed25519Sign(privateKeyHex: string, message: Uint8Array): Uint8Array {
  // PKCS#8 DER prefix for a raw 32-byte Ed25519 seed.
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(privateKeyHex.slice(2), 'hex')]);
  return new Uint8Array(sign(null, message, createPrivateKey({ key: der, format: 'der', type: 'pkcs8' })));
}

describe('domain prefixes (crates/aptos-crypto/src/hash.rs: sha3-256("APTOS::" ‖ type name))', () => {
  for (const v of prefixFixtures.vectors) {
    it(v.salt, () => expect(hex(hashPrefix(v.salt))).toBe(v.prefix));
  }
  it('the precomputed signing prefixes equal sha3-256 of their salts', () => {
    expect(RAW_TRANSACTION_PREFIX_HEX).toBe(toHex(sha3_256(new TextEncoder().encode(RAW_TRANSACTION_SALT))));
    expect(RAW_TRANSACTION_WITH_DATA_PREFIX_HEX).toBe(toHex(sha3_256(new TextEncoder().encode(RAW_TRANSACTION_WITH_DATA_SALT))));
    expect(toHex(hashPrefix(RAW_TRANSACTION_SALT))).toBe(RAW_TRANSACTION_PREFIX_HEX);
  });
});

describe('RawTransaction vectors (raw-transactions.json V2–V10)', () => {
  for (const v of rawFixtures.vectors) {
    describe(v.name, () => {
      const value = codecs.RawTransaction.fromJson(v.value) as RawTransaction;
      it('encodes from plain data to the exact bytes', () => expect(hex(rawTransaction.encode(value))).toBe(v.bcs));
      it('decodes back to the value', () => expect(rawTransaction.decode(fromHex(v.bcs))).toEqual(value));
      it('round-trips its JSON-safe form', () => expect(JSON.parse(JSON.stringify(codecs.RawTransaction.toJson(rawTransaction.decode(fromHex(v.bcs)))))).toEqual(v.value));
      if (v.signingMessage) {
        it('signing message', () => {
          expect(hex(signingMessage(value))).toBe(v.signingMessage);
          expect(hex(transactionSigningMessage({ rawTxn: value }))).toBe(v.signingMessage);
        });
      }
      if (value.payload.$kind === 'EntryFunction') {
        it('the entry-function-only encoders give the same bytes, type arguments as TypeArgs', () => {
          const f = value.payload.value as EntryFunction;
          const tys = f.typeArgs;
          // Each type argument through both forms, alternating.
          const wrapped = tys.map((t, i) => (i % 2 === 0 ? typeArgFromString(formatTypeTag(t)) : typeArgFromTag(t)));
          const t: RawTransactionInput<EntryFunctionPayloadInput> = { ...value, payload: { $kind: 'EntryFunction', value: { ...f, typeArgs: wrapped } } };
          expect(hex(encodeEntryFunctionTransaction(t))).toBe(v.bcs);
          if (v.signingMessage) expect(hex(entryFunctionSigningMessage(t))).toBe(v.signingMessage);
          // The general encoders take the wrapped form too.
          expect(hex(rawTransaction.encode(t))).toBe(v.bcs);
          if (tys.length > 0) {
            // Plain type-tag objects are refused there (no type-tag writer is bundled unless named).
            const plain = value as unknown as RawTransactionInput<EntryFunctionPayloadInput>;
            const err = expectBcsError(() => encodeEntryFunctionTransaction(plain), 'invalid_type');
            expect(err.path).toBe('payload.EntryFunction.typeArgs[0]');
            expect(err.message).toContain('typeArgFromString(s) or typeArgFromTag(t)');
          }
        });
      } else {
        it('the entry-function-only encoders refuse this payload', () => {
          const t = value as unknown as RawTransactionInput<EntryFunctionPayloadInput>;
          expect(expectBcsError(() => encodeEntryFunctionTransaction(t), 'invalid_variant').path).toBe('payload');
          expectBcsError(() => entryFunctionSigningMessage(t), 'invalid_variant');
        });
      }
      it('the payload alone encodes and decodes', () => {
        const payloadBytes = transactionPayload.encode(value.payload);
        expect(v.bcs).toContain(hex(payloadBytes));
        expect(transactionPayload.decode(payloadBytes)).toEqual(value.payload);
      });
    });
  }
});

describe('RawTransactionWithData vectors (raw-transactions-with-data.json V11–V12)', () => {
  for (const v of withDataFixtures.vectors) {
    describe(v.name, () => {
      const value = codecs.RawTransactionWithData.fromJson(v.value) as RawTransactionWithData;
      const body = v.signingMessage.slice(64);
      it('encodes to the bytes after the prefix', () => {
        expect(hex(rawTransactionWithData.encode(value))).toBe(body);
        if ('bcs' in v) expect(body).toBe(v.bcs);
      });
      it('decodes back', () => expect(rawTransactionWithData.decode(fromHex(body))).toEqual(value));
      it('signing message, generic and dedicated helpers', () => {
        expect(hex(signingMessage(value))).toBe(v.signingMessage);
        const { rawTxn, secondarySignerAddresses } = value.value;
        if (value.$kind === 'MultiAgent') {
          expect(hex(multiAgentSigningMessage(rawTxn, secondarySignerAddresses))).toBe(v.signingMessage);
          expect(hex(transactionSigningMessage({ rawTxn, secondarySignerAddresses }))).toBe(v.signingMessage);
        } else {
          expect(hex(feePayerSigningMessage(rawTxn, secondarySignerAddresses, value.value.feePayerAddress))).toBe(v.signingMessage);
          expect(hex(transactionSigningMessage({ rawTxn, secondarySignerAddresses, feePayerAddress: value.value.feePayerAddress }))).toBe(v.signingMessage);
        }
      });
    });
  }
  it('fee payer message defaults to the 0x0 form (V12b) with no secondaries', () => {
    const v12b = withDataFixtures.vectors.find((v) => v.name.startsWith('V12b'))!;
    const value = codecs.RawTransactionWithData.fromJson(v12b.value) as RawTransactionWithData;
    expect(hex(feePayerSigningMessage(value.value.rawTxn))).toBe(v12b.signingMessage);
  });
});

describe('SignedTransaction vectors (signed-transactions.json V13)', () => {
  for (const v of signedFixtures.vectors) {
    describe(v.name, () => {
      const value = codecs.SignedTransaction.fromJson(v.value) as SignedTransaction;
      it('encodes to the exact bytes', () => expect(hex(signedTransaction.encode(value))).toBe(v.bcs));
      it('decodes back', () => expect(signedTransaction.decode(fromHex(v.bcs))).toEqual(value));
      it('round-trips its JSON-safe form', () => expect(JSON.parse(JSON.stringify(codecs.SignedTransaction.toJson(value)))).toEqual(v.value));
      if ('hash' in v && v.hash) it('committed hash', () => expect(hex(transactionHash(value))).toBe(v.hash));
    });
  }

  it('V13: signing the V2 message with node:crypto and assembling gives the vector', () => {
    const v = signedFixtures.vectors[0];
    const expected = codecs.SignedTransaction.fromJson(v.value) as SignedTransaction;
    const rawTxn = expected.rawTxn;
    const message = signingMessage(rawTxn);
    expect(hex(message)).toBe(v.signingMessage);
    const signature = ed25519Sign(v.privateKey!, message);
    const publicKey = fromHex(authKeyFixtures.vectors[0].publicKey as string);
    const signed = assembleSignedTransaction({ rawTxn, sender: ed25519Authenticator(publicKey, signature) });
    expect(hex(signedTransaction.encode(signed))).toBe(v.bcs);
    expect(hex(transactionHash(signed))).toBe(v.hash);
  });

  it('V13c/V13d: fee-payer and multi-agent signatures over the right messages reproduce the vectors', () => {
    const senderKey = signedFixtures.vectors[0].privateKey!;
    const otherKey = signedFixtures.vectors[2].feePayerPrivateKey!;
    const pk = fromHex(authKeyFixtures.vectors[0].publicKey as string);
    const fee = codecs.SignedTransaction.fromJson(signedFixtures.vectors[2].value) as SignedTransaction;
    const rawTxn = fee.rawTxn;
    const feeAuth = fee.authenticator as Extract<SignedTransaction['authenticator'], { $kind: 'FeePayer' }>;
    const feePayerAddress = feeAuth.value.feePayerAddress;
    const feeMsg = feePayerSigningMessage(rawTxn, [], feePayerAddress);
    const feePk = (feeAuth.value.feePayerSigner as { value: { publicKey: Uint8Array } }).value.publicKey;
    const feeSigned = assembleSignedTransaction({
      rawTxn,
      sender: ed25519Authenticator(pk, ed25519Sign(senderKey, feeMsg)),
      feePayer: { address: feePayerAddress, authenticator: ed25519Authenticator(feePk, ed25519Sign(otherKey, feeMsg)) },
    });
    expect(hex(signedTransaction.encode(feeSigned))).toBe(signedFixtures.vectors[2].bcs);

    const maMsg = multiAgentSigningMessage(rawTxn, ['0xc1']);
    const maSigned = assembleSignedTransaction({
      rawTxn,
      sender: ed25519Authenticator(pk, ed25519Sign(senderKey, maMsg)),
      secondarySigners: [{ address: '0xc1', authenticator: ed25519Authenticator(feePk, ed25519Sign(otherKey, maMsg)) }],
    });
    expect(hex(signedTransaction.encode(maSigned))).toBe(signedFixtures.vectors[3].bcs);
  });

  it('V13b: a SingleKey sender is wrapped in SingleSender', () => {
    const v13 = codecs.SignedTransaction.fromJson(signedFixtures.vectors[0].value) as SignedTransaction;
    const { publicKey, signature } = (v13.authenticator as { value: { publicKey: Uint8Array; signature: Uint8Array } }).value;
    const signed = assembleSignedTransaction({
      rawTxn: v13.rawTxn,
      sender: { $kind: 'SingleKey', value: { publicKey: { $kind: 'Ed25519', value: publicKey }, signature: { $kind: 'Ed25519', value: signature } } },
    });
    expect(hex(signedTransaction.encode(signed))).toBe(signedFixtures.vectors[1].bcs);
  });

  for (const v of signedFixtures.authenticators) {
    it(v.name, () => {
      const value = codecs.TransactionAuthenticator.fromJson(v.value);
      expect(hex(transactionAuthenticator.encode(value))).toBe(v.bcs);
      expect(transactionAuthenticator.decode(fromHex(v.bcs))).toEqual(value);
      const sig = (value as { value: { signature: { bitmap: Uint8Array } } }).value.signature;
      expect(indicesFromBitmap(sig.bitmap)).toEqual([0, 1]);
      expect(hex(bitmapFromIndices([0, 1]))).toBe('c0000000');
    });
  }
});

describe('authentication keys (auth-keys.json V14, ts-sdk-vectors.json)', () => {
  for (const v of authKeyFixtures.vectors) {
    it(v.name, () => {
      let key: string;
      switch (v.scheme) {
        case 'Ed25519':
          key = ed25519AuthenticationKey(fromHex(v.publicKey as string));
          break;
        case 'MultiEd25519': {
          const pk = v.publicKey as { publicKeys: string[]; threshold: number };
          const value: MultiEd25519PublicKey = { publicKeys: pk.publicKeys.map(fromHex), threshold: pk.threshold };
          key = multiEd25519AuthenticationKey(value);
          expect(hex(codecs.TransactionAuthenticator.schema.encode({ $kind: 'MultiEd25519', value: { publicKey: value, signature: { signatures: [new Uint8Array(64)], bitmap: bitmapFromIndices([0]) } } })).slice(2, 2 + v.bcs!.length)).toBe(v.bcs);
          break;
        }
        case 'SingleKey': {
          const pk = codecs.AnyPublicKey.fromJson(v.publicKey) as AnyPublicKey;
          if (v.bcs) expect(hex(anyPublicKey.encode(pk))).toBe(v.bcs);
          if ('keylessPublicKeyBcs' in v && pk.$kind === 'Keyless') expect(hex(keylessPublicKey.encode(pk.value))).toBe(v.keylessPublicKeyBcs);
          key = singleKeyAuthenticationKey(pk);
          break;
        }
        default: {
          const mk = codecs.MultiKey.fromJson(v.publicKey) as MultiKey;
          expect(hex(multiKey.encode(mk))).toBe(v.bcs);
          expect(multiKey.decode(fromHex(v.bcs!))).toEqual(mk);
          key = multiKeyAuthenticationKey(mk);
          if ('bitmap' in v) expect(hex(bitmapFromIndices(v.bitmapIndices!))).toBe(v.bitmap);
        }
      }
      expect(key).toBe(v.authKey);
    });
  }
});

describe('ts-sdk unit-test vectors (ts-sdk-vectors.json)', () => {
  for (const v of sdkFixtures.transactionArguments) {
    it(`TransactionArgument ${JSON.stringify(v.value)}`, () => {
      const value = codecs.TransactionArgument.fromJson(v.value);
      expect(hex(transactionArgument.encode(value))).toBe(v.bcs);
      expect(transactionArgument.decode(fromHex(v.bcs))).toEqual(value);
    });
  }
  for (const v of sdkFixtures.payloads) {
    it(v.name, () => {
      const value = codecs.TransactionPayload.fromJson(v.value);
      expect(hex(transactionPayload.encode(value))).toBe(v.bcs);
      expect(transactionPayload.decode(fromHex(v.bcs))).toEqual(value);
    });
  }
  it('Ed25519 key and signature of "hello world" (node:crypto agrees with the helper key)', () => {
    const e = sdkFixtures.ed25519;
    expect(toHex(ed25519Sign(e.privateKey, fromHex(e.message)))).toBe(e.signature);
    expect(ed25519AuthenticationKey(fromHex(e.publicKey))).toBe(authKeyFixtures.vectors[0].authKey);
  });
});
