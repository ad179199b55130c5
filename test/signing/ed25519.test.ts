// Ed25519 through WebCrypto, checked against published vectors (RFC 8032 section 7.1, the ts-sdk's
// unit-test keys) and an independent implementation (node:crypto, OpenSSL).
import { createPrivateKey, createPublicKey, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { ed25519Signer, formatPrivateKey, isSigningError, privateKeyBytes, SigningError, verifyEd25519Signature } from '../../src/signing/index.js';

const hex = (h: string) => Uint8Array.from(Buffer.from(h.replace(/^0x/, ''), 'hex'));

// RFC 8032 section 7.1, TEST 1-3 and TEST SHA(abc).
const RFC8032 = [
  {
    secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    public: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature: 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    public: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
  {
    secret: 'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
    public: 'fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025',
    message: 'af82',
    signature: '6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a',
  },
];

// The ts-sdk's unit-test Ed25519 account (tests/unit/helper.ts `ed25519`): AIP-80 key, public key,
// address, and the signature of "hello world".
const SDK = {
  privateKey: 'ed25519-priv-0xc5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5',
  publicKey: '0xde19e5d1880cac87d57484ce9ed2e84cf0f9599f12e7cc3a52e4e7657a763f2c',
  address: '0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa',
  message: '68656c6c6f20776f726c64',
  signature: '0x9e653d56a09247570bb174a389e85b9226abd5c403ea6c504b386626a145158cd4efd66fc5e071c0e19538a96a05ddbda24d3c51e1e6a9dacc6bb1ce775cce07',
};

/** node:crypto's (OpenSSL's) key for a 32-byte seed, from RFC 8410's PKCS#8 form written out here. */
function nodeKey(seed: Uint8Array) {
  return createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]), format: 'der', type: 'pkcs8' });
}

describe('Ed25519 through WebCrypto', () => {
  it.each(RFC8032)('RFC 8032 vector: public key and signature of $message', async (v) => {
    const signer = await ed25519Signer(v.secret);
    expect(toHex(signer.publicKey)).toBe(`0x${v.public}`);
    const sig = await signer.sign(hex(v.message));
    expect(toHex(sig)).toBe(`0x${v.signature}`);
    expect(await verifyEd25519Signature(signer.publicKey, hex(v.message), sig)).toBe(true);
  });

  it("the ts-sdk's unit-test account: AIP-80 key, public key, address, signature", async () => {
    const signer = await ed25519Signer(SDK.privateKey);
    expect(toHex(signer.publicKey)).toBe(SDK.publicKey);
    expect(signer.authenticationKey).toBe(SDK.address);
    expect(toHex(await signer.sign(hex(SDK.message)))).toBe(SDK.signature);
    // The same key as raw hex, with and without 0x, and as bytes.
    for (const k of [SDK.privateKey.slice('ed25519-priv-'.length), SDK.privateKey.slice('ed25519-priv-0x'.length), hex(SDK.privateKey.slice(13))]) {
      expect(toHex((await ed25519Signer(k)).publicKey)).toBe(SDK.publicKey);
    }
    expect(formatPrivateKey(SDK.privateKey.slice(13).toUpperCase().replace('0X', '0x'))).toBe(SDK.privateKey);
  });

  it('signs as node:crypto does, and each verifies the other, for random keys and messages', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.uint8Array({ maxLength: 300 }), async (seed, message) => {
        const signer = await ed25519Signer(seed);
        const ours = await signer.sign(message);
        const key = nodeKey(seed);
        const publicJwk = createPublicKey(key).export({ format: 'jwk' });
        expect(toHex(Buffer.from(publicJwk.x!, 'base64url'))).toBe(toHex(signer.publicKey));
        expect(toHex(nodeSign(null, message, key))).toBe(toHex(ours));
        expect(nodeVerify(null, message, createPublicKey(key), ours)).toBe(true);
        expect(await verifyEd25519Signature(signer.publicKey, message, nodeSign(null, message, key))).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it('a changed message or signature does not verify; a malformed public key is an error or false', async () => {
    const signer = await ed25519Signer(RFC8032[1]!.secret);
    const sig = await signer.sign(hex('72'));
    expect(await verifyEd25519Signature(signer.publicKey, hex('73'), sig)).toBe(false);
    const bad = sig.slice();
    bad[0]! ^= 1;
    expect(await verifyEd25519Signature(signer.publicKey, hex('72'), bad)).toBe(false);
    expect(await verifyEd25519Signature(signer.publicKey, hex('72'), sig.subarray(0, 63))).toBe(false);
    await expect(verifyEd25519Signature(new Uint8Array(31), hex('72'), sig)).rejects.toSatisfy(isSigningError);
  });
});

describe('private keys', () => {
  it.each([
    ['', 'invalid_key'],
    ['0x1234', 'invalid_key'],
    ['ed25519-priv-0x' + 'g'.repeat(64), 'invalid_key'],
    ['secp256k1-priv-0x' + '1'.repeat(64), 'invalid_key'],
    ['0x' + '1'.repeat(66), 'invalid_key'],
  ])('%j is refused as %s, without echoing the key', (text, code) => {
    try {
      privateKeyBytes(text);
      expect.unreachable();
    } catch (e) {
      expect(isSigningError(e) && e.code).toBe(code);
      if (text.length > 8) expect((e as Error).message).not.toContain(text.slice(-16));
    }
  });

  it('refuses bytes of the wrong length and values of the wrong type', () => {
    expect(() => privateKeyBytes(new Uint8Array(31))).toThrow(SigningError);
    expect(() => privateKeyBytes(42 as never)).toThrow(SigningError);
  });

  it('a signer shows only its public half when printed', async () => {
    const signer = await ed25519Signer(SDK.privateKey);
    const shown = JSON.stringify(signer);
    expect(shown).toContain(SDK.publicKey.slice(2));
    expect(shown).not.toContain(SDK.privateKey.slice(15));
    expect(Object.isFrozen(signer)).toBe(true);
  });
});

describe('a platform without Ed25519 in WebCrypto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('no crypto.subtle: a typed error naming WebCrypto', async () => {
    vi.stubGlobal('crypto', {});
    const e = await ed25519Signer(SDK.privateKey).catch((x: unknown) => x);
    expect(isSigningError(e) && e.code).toBe('webcrypto_unavailable');
    expect((e as Error).message).toContain('crypto.subtle');
  });

  it('WebCrypto without the algorithm (NotSupportedError): a typed error naming Ed25519', async () => {
    const notSupported = () => Promise.reject(Object.assign(new Error('Unrecognized algorithm name'), { name: 'NotSupportedError' }));
    vi.stubGlobal('crypto', { subtle: { importKey: notSupported, exportKey: notSupported, sign: notSupported, verify: notSupported } });
    const e = await ed25519Signer(SDK.privateKey).catch((x: unknown) => x);
    expect(isSigningError(e) && e.code).toBe('ed25519_unsupported');
    expect((e as Error).message).toMatch(/does not support Ed25519/);
    const v = await verifyEd25519Signature(hex(SDK.publicKey), new Uint8Array(), new Uint8Array(64)).catch((x: unknown) => x);
    expect(isSigningError(v) && v.code).toBe('ed25519_unsupported');
  });
});
