// signSubmission against the ts-sdk (a test oracle): the same request, keys and chain give the same
// signed transaction bytes and hash, for single-signer, multi-agent and fee-payer transactions; each
// signature also verifies with node:crypto over the message the node checks.
import { createPublicKey, verify as nodeVerify } from 'node:crypto';
import * as sdk from '@aptos-labs/ts-sdk';
import { describe, expect, it } from 'vitest';
import { toHex } from '../../src/bcs/index.js';
import { transactionHashHex } from '../../src/hash/index.js';
import { isSigningError, signSubmission, ed25519Signer } from '../../src/signing/index.js';
import { isApiError } from '../../src/records/index.js';
import { feePayerSigningMessage, multiAgentSigningMessage, signedTransaction, signingMessage, rawTransaction } from '../../src/transactions/index.js';

const KEYS = [
  'ed25519-priv-0xc5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5',
  '0x4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
  'c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7',
  'ed25519-priv-0x9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
];

const request = (extra: Record<string, unknown> = {}) => ({
  sender: '0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa',
  sequence_number: '7',
  max_gas_amount: '200000',
  gas_unit_price: '100',
  expiration_timestamp_secs: '1700000000',
  payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: ['0xb0', '1000'] },
  ...extra,
});

const sdkKey = (k: string) => new sdk.Ed25519PrivateKey(k.startsWith('ed25519-priv-') || k.startsWith('0x') ? k : `0x${k}`, false);
const sdkAuth = (k: string, message: Uint8Array) => {
  const key = sdkKey(k);
  return new sdk.AccountAuthenticatorEd25519(key.publicKey(), key.sign(message));
};

/** The ts-sdk's signed transaction and hash for the same raw transaction and keys. */
function sdkSigned(raw: Uint8Array, keys: { sender: string; secondaries?: { key: string; address: string }[]; feePayer?: { key: string; address: string } }) {
  const rawTxn = sdk.RawTransaction.deserialize(new sdk.Deserializer(raw));
  const feePayer = keys.feePayer && sdk.AccountAddress.from(keys.feePayer.address);
  const transaction = keys.secondaries
    ? new sdk.MultiAgentTransaction(rawTxn, keys.secondaries.map((s) => sdk.AccountAddress.from(s.address)), feePayer)
    : new sdk.SimpleTransaction(rawTxn, feePayer);
  const message = sdk.generateSigningMessageForTransaction(transaction);
  const input = {
    transaction,
    senderAuthenticator: sdkAuth(keys.sender, message),
    additionalSignersAuthenticators: keys.secondaries?.map((s) => sdkAuth(s.key, message)),
    feePayerAuthenticator: keys.feePayer && sdkAuth(keys.feePayer.key, message),
  };
  return { bytes: toHex(sdk.generateSignedTransaction(input)), hash: sdk.generateUserTransactionHash(input) };
}

function verifies(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), publicKey]);
  return nodeVerify(null, message, createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature);
}

describe('signSubmission', () => {
  it('single signer: the Ed25519 authenticator, bytes and hash as the ts-sdk builds them', async () => {
    const s = await signSubmission(request(), KEYS[0]!, { chainId: 4 });
    expect(s.authenticator.$kind).toBe('Ed25519');
    const raw = rawTransaction.encode(s.rawTransaction);
    const expected = sdkSigned(raw, { sender: KEYS[0]! });
    expect(s.hex).toBe(expected.bytes);
    expect(s.hash).toBe(expected.hash);
    expect(s.hash).toBe(transactionHashHex(signedTransaction.decode(s.bytes)));
    const auth = s.authenticator as { $kind: 'Ed25519'; value: { publicKey: Uint8Array; signature: Uint8Array } };
    expect(verifies(auth.value.publicKey, signingMessage(s.rawTransaction), auth.value.signature)).toBe(true);
    // Decodes to the same transaction; the chain id is the option's.
    expect(signedTransaction.decode(s.bytes).rawTxn.chainId).toBe(4);
  });

  it('multi-agent: every secondary signer signs the multi-agent message', async () => {
    const signers = await Promise.all(KEYS.map((k) => ed25519Signer(k)));
    const secondaries = [1, 2].map((i) => ({ key: KEYS[i]!, address: signers[i]!.authenticationKey }));
    const s = await signSubmission(request({ secondary_signers: secondaries.map((x) => x.address) }), { sender: KEYS[0]!, secondarySigners: [KEYS[1]!, signers[2]!] }, { chainId: 2 });
    expect(s.authenticator.$kind).toBe('MultiAgent');
    const expected = sdkSigned(rawTransaction.encode(s.rawTransaction), { sender: KEYS[0]!, secondaries });
    expect(s.hex).toBe(expected.bytes);
    expect(s.hash).toBe(expected.hash);
    const message = multiAgentSigningMessage(s.rawTransaction, secondaries.map((x) => x.address));
    const v = (s.authenticator as unknown as { value: { secondarySigners: { value: { publicKey: Uint8Array; signature: Uint8Array } }[] } }).value;
    for (const a of v.secondarySigners) expect(verifies(a.value.publicKey, message, a.value.signature)).toBe(true);
  });

  it('fee payer, with and without secondary signers; the fee payer address defaults to its key', async () => {
    const payer = await ed25519Signer(KEYS[3]!);
    const single = await signSubmission(request(), { sender: KEYS[0]!, feePayer: KEYS[3]! }, { chainId: 4 });
    expect(single.authenticator.$kind).toBe('FeePayer');
    const fee = { key: KEYS[3]!, address: payer.authenticationKey };
    expect(single.hex).toBe(sdkSigned(rawTransaction.encode(single.rawTransaction), { sender: KEYS[0]!, feePayer: fee }).bytes);
    const v = (single.authenticator as { value: { feePayerSigner: { value: { publicKey: Uint8Array; signature: Uint8Array } } } }).value;
    expect(verifies(v.feePayerSigner.value.publicKey, feePayerSigningMessage(single.rawTransaction, [], payer.authenticationKey), v.feePayerSigner.value.signature)).toBe(true);

    const second = await ed25519Signer(KEYS[1]!);
    const rotated = '0x000000000000000000000000000000000000000000000000000000000000cafe';
    const multi = await signSubmission(
      request({ secondary_signers: [second.authenticationKey] }),
      { sender: KEYS[0]!, secondarySigners: [KEYS[1]!], feePayer: { signer: KEYS[3]!, address: rotated } },
      { chainId: 4 },
    );
    const expected = sdkSigned(rawTransaction.encode(multi.rawTransaction), {
      sender: KEYS[0]!,
      secondaries: [{ key: KEYS[1]!, address: second.authenticationKey }],
      feePayer: { key: KEYS[3]!, address: rotated },
    });
    expect(multi.hex).toBe(expected.bytes);
    expect(multi.hash).toBe(expected.hash);
  });

  it('signer counts that do not match the request are a SigningError', async () => {
    const e1 = await signSubmission(request({ secondary_signers: ['0x1'] }), KEYS[0]!, { chainId: 4 }).catch((e: unknown) => e);
    expect(isSigningError(e1) && e1.code).toBe('signer_mismatch');
    const e2 = await signSubmission(request(), { sender: KEYS[0]!, secondarySigners: [KEYS[1]!] }, { chainId: 4 }).catch((e: unknown) => e);
    expect(isSigningError(e2) && e2.code).toBe('signer_mismatch');
    const e3 = await signSubmission(request(), { nobody: 1 } as never, { chainId: 4 }).catch((e: unknown) => e);
    expect(isSigningError(e3) && e3.code).toBe('invalid_key');
  });

  it("a request the node would refuse fails with the node's error before any key is used", async () => {
    const e = await signSubmission(request({ sequence_number: '-1' }), 'not a key', { chainId: 4 }).catch((x: unknown) => x);
    expect(isApiError(e)).toBe(true);
    const k = await signSubmission(request(), 'not a key', { chainId: 4 }).catch((x: unknown) => x);
    expect(isSigningError(k) && k.code).toBe('invalid_key');
  });
});
