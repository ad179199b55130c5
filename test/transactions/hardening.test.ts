// Hostile or mistaken input to the helpers around transactions: every failure is a typed BcsError
// with a path, never a TypeError, a RangeError or silently wrong bytes.
import { sha3_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { MAX_CONTAINER_DEPTH, fromHex, toHex } from '../../src/bcs/index.js';
import {
  accountAuthenticator,
  assembleSignedTransaction,
  bitVec,
  bitmapFromIndices,
  fromJsonSafe,
  indicesFromBitmap,
  multiKey,
  signingMessage,
  toJsonSafe,
  transactionCodecs,
  transactionSigningMessage,
  type AccountAuthenticatorInput,
  type Shape,
} from '../../src/transactions/index.js';
import { typeTag } from '../../src/move/index.js';
import { authenticationKey } from '../../src/hash/index.js';
import { expectBcsError } from '../bcs/helpers.js';
import rawFixtures from '../../fixtures/transactions/raw-transactions.json' with { type: 'json' };

const codecs = transactionCodecs();
const key = (b: number) => ({ $kind: 'Ed25519' as const, value: new Uint8Array(32).fill(b) });
const sig = (b: number) => ({ $kind: 'Ed25519' as const, value: new Uint8Array(64).fill(b) });

/** `{ $kind: 'vector', value: … }` nested `n` times around u8, as JSON text. */
const nestedTypeTagJson = (n: number) => '{"$kind":"vector","value":'.repeat(n) + '{"$kind":"u8"}' + '}'.repeat(n);

describe('JSON nesting is bounded (MAX_CONTAINER_DEPTH)', () => {
  it('a type tag nested thousands of levels deep fails with exceeded_max_depth, not a stack overflow', () => {
    for (const n of [MAX_CONTAINER_DEPTH + 1, 5000]) {
      const e = expectBcsError(() => codecs.TypeTag.fromJson(JSON.parse(nestedTypeTagJson(n))), 'exceeded_max_depth');
      expect(e.message).toMatch(/^JSON value nested deeper than 500 levels/);
    }
  });

  it('up to the limit, nesting is only the codec’s business (the BCS type-tag limit here)', () => {
    const e = expectBcsError(() => typeTag.encode(codecs.TypeTag.fromJson(JSON.parse(nestedTypeTagJson(MAX_CONTAINER_DEPTH - 1)))), 'exceeded_max_depth');
    expect(e.message).toMatch(/type tag/i);
  });

  it('toJsonSafe of a cyclic or absurdly deep value fails cleanly, and a deep-enough one converts', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expectBcsError(() => toJsonSafe(cyclic), 'exceeded_max_depth');
    let deep: unknown = 1n;
    for (let i = 0; i < 400; i++) deep = [deep];
    expect(JSON.stringify(toJsonSafe(deep))).toBe('['.repeat(400) + '"1"' + ']'.repeat(400));
    const shape: Shape = { vector: { lazy: () => shape } };
    let arrays: unknown = [];
    for (let i = 0; i < 2000; i++) arrays = [arrays];
    expectBcsError(() => toJsonSafe(arrays, shape), 'exceeded_max_depth');
    expectBcsError(() => fromJsonSafe(shape, arrays), 'exceeded_max_depth');
  });

  it('a failed conversion leaves the depth count where it was', () => {
    expectBcsError(() => codecs.TypeTag.fromJson(JSON.parse(nestedTypeTagJson(600))), 'exceeded_max_depth');
    const v = rawFixtures.vectors[0];
    expect(codecs.RawTransaction.toJson(codecs.RawTransaction.fromJson(v.value))).toEqual(v.value);
  });
});

describe('signing and assembly helpers take no null', () => {
  it('signingMessage and transactionSigningMessage', () => {
    expectBcsError(() => signingMessage(null as never), 'invalid_type');
    expectBcsError(() => signingMessage(5 as never), 'invalid_type');
    expectBcsError(() => transactionSigningMessage(null as never), 'invalid_type');
  });

  it('assembleSignedTransaction: the wrong shapes fail with their path', () => {
    const rawTxn = codecs.RawTransaction.fromJson(rawFixtures.vectors[0].value);
    const sender: AccountAuthenticatorInput = { $kind: 'Ed25519', value: { publicKey: new Uint8Array(32), signature: new Uint8Array(64) } };
    expectBcsError(() => assembleSignedTransaction(null as never), 'invalid_type');
    expect(expectBcsError(() => assembleSignedTransaction({ rawTxn, sender, secondarySigners: 5 as never }), 'invalid_type').path).toBe('secondarySigners');
    expect(expectBcsError(() => assembleSignedTransaction({ rawTxn, sender, feePayer: null as never }), 'invalid_type').path).toBe('feePayer');
    expect(expectBcsError(() => assembleSignedTransaction({ rawTxn, sender, secondarySigners: {} as never, feePayer: { address: '0x1', authenticator: sender } }), 'invalid_type').path).toBe('secondarySigners');
  });

  it('bitmaps and authentication keys', () => {
    expectBcsError(() => bitmapFromIndices(null as never), 'invalid_type');
    expectBcsError(() => indicesFromBitmap(null as never), 'invalid_type');
    expectBcsError(() => bitmapFromIndices([1], 33), 'out_of_range');
    expectBcsError(() => bitmapFromIndices([1], 0), 'out_of_range');
    expect(toHex(bitmapFromIndices([0, 255], 32))).toBe('0x80' + '00'.repeat(30) + '01');
    for (const s of [256, -1, 1.5, Number.NaN]) expectBcsError(() => authenticationKey(new Uint8Array(32), s), 'out_of_range');
    // Scheme 255, the top of the byte, is appended as is.
    expect(authenticationKey(new Uint8Array(32), 255)).toBe(toHex(sha3_256(Uint8Array.of(...new Uint8Array(32), 255))));
  });
});

describe('MultiKey (aptos-core MultiKey::new, MultiKeyAuthenticator::new, aptos-bitvec)', () => {
  const twoOfThree = { publicKeys: [key(1), key(2), key(3)], signaturesRequired: 2 };
  const auth = (over: Record<string, unknown>): AccountAuthenticatorInput =>
    ({ $kind: 'MultiKey', value: { publicKeys: twoOfThree, signatures: [sig(1), sig(3)], signaturesBitmap: bitmapFromIndices([0, 2]), ...over } }) as never;

  it('encodes a consistent authenticator; ts-sdk’s 4-byte bitmap for keys [0, 2] is a0000000', () => {
    const bytes = accountAuthenticator.encode(auth({}));
    expect(toHex(bytes).slice(-10)).toBe('04a0000000');
    expect(accountAuthenticator.decode(bytes)).toEqual(auth({}));
  });

  it('refuses on encode what the node could not have built', () => {
    expect(expectBcsError(() => multiKey.encode({ publicKeys: [key(1)], signaturesRequired: 0 }), 'out_of_range').path).toBe('signaturesRequired');
    expect(expectBcsError(() => multiKey.encode({ publicKeys: [key(1)], signaturesRequired: 2 }), 'out_of_range').path).toBe('signaturesRequired');
    const keys33 = Array.from({ length: 33 }, (_, i) => key(i));
    expect(expectBcsError(() => multiKey.encode({ publicKeys: keys33, signaturesRequired: 1 }), 'invalid_length').path).toBe('publicKeys');
    let e = expectBcsError(() => accountAuthenticator.encode(auth({ signatures: [sig(1)] })), 'invalid_length');
    expect([e.path, e.message]).toEqual(['MultiKey.signaturesBitmap', 'MultiKey bitmap has 2 bits set for 1 signatures (at MultiKey.signaturesBitmap)']);
    e = expectBcsError(() => accountAuthenticator.encode(auth({ signaturesBitmap: bitmapFromIndices([0, 3]) })), 'out_of_range');
    expect(e.path).toBe('MultiKey.signaturesBitmap');
    e = expectBcsError(() => accountAuthenticator.encode(auth({ signaturesBitmap: new Uint8Array(33) })), 'invalid_length');
    expect(e.path).toBe('MultiKey.signaturesBitmap');
  });

  it('decodes what the node’s derived deserializer accepts (k = 0), but no BitVec over 32 bytes', () => {
    // MultiKey { [key], 0 }: refused on encode, read on decode.
    const kZero = fromHex('0100' + '20' + '01'.repeat(32) + '00');
    expect(multiKey.decode(kZero).signaturesRequired).toBe(0);
    expect(bitVec.decode(fromHex('20' + 'ff'.repeat(32)))).toEqual(new Uint8Array(32).fill(255));
    const e = expectBcsError(() => bitVec.decode(fromHex('21' + '00'.repeat(33))), 'invalid_length');
    expect([e.message, e.offset]).toEqual(['BitVec too long: 33 bytes, at most 32 at offset 0', 0]);
    // Inside real authenticator bytes: the bitmap is the last field.
    const good = toHex(accountAuthenticator.encode(auth({}))).slice(2);
    const long = fromHex(good.slice(0, -10) + '21' + 'a0' + '00'.repeat(32));
    const at = good.length / 2 - 5;
    const d = expectBcsError(() => accountAuthenticator.decode(long), 'invalid_length');
    expect([d.path, d.offset]).toEqual(['MultiKey.signaturesBitmap', at]);
  });
});
