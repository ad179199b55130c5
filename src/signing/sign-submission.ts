import { normalizeAddress, toHex, type AddressInput } from '../bcs/index.js';
import { transactionHashHex } from '../hash/index.js';
import {
  encodeSubmissionAsync,
  type AbiLookup,
  type AbiRegistry,
  type AbiResolver,
  type MoveModuleJson,
  type EncodeSubmissionRequestJson,
} from '../submission/index.js';
import {
  assembleSignedTransaction,
  ed25519Authenticator,
  feePayerSigningMessage,
  signedTransaction,
  type AccountAuthenticatorInput,
  type RawTransaction,
  type SignedTransactionInput,
  type TransactionAuthenticatorInput,
} from '../transactions/index.js';
import { ed25519Signer, type Ed25519Signer } from './ed25519.js';
import { SigningError } from './errors.js';
import type { PrivateKeyInput } from './private-key.js';

// From the encode_submission request to the signed transaction the node's POST /v1/transactions
// takes: the request encoded as the node would, signed by each signer, assembled
// (types/src/transaction/mod.rs `SignedTransaction`) and hashed as the node will hash it.

/** A private key (AIP-80 text, hex, 32 bytes) or a signer made from one. */
export type SignerInput = PrivateKeyInput | Ed25519Signer;

/** Signers of a multi-agent or fee-payer transaction. */
export interface TransactionSigners {
  sender: SignerInput;
  /** One per address in the request's `secondary_signers`, in that order. */
  secondarySigners?: readonly SignerInput[];
  /** Pays the gas: its key, and its address when that is not the key's authentication key (a rotated key). */
  feePayer?: SignerInput | { signer: SignerInput; address: AddressInput };
}

/** As encodeSubmissionAsync's options. */
export interface SignSubmissionOptions {
  /** The chain the transaction is for (the node's `chain_id`). */
  chainId: number;
  /** ABIs beside the embedded 0x1 framework: a registry, modules, or a lookup. */
  abis?: AbiRegistry | readonly MoveModuleJson[] | AbiLookup;
  /** Asked for modules no other source has (e.g. `abiResolverFrom(client)`). */
  resolve?: AbiResolver;
}

export interface SignedSubmission {
  /** bcs(SignedTransaction): the body of POST /v1/transactions as `application/x.aptos.signed_transaction+bcs`. */
  bytes: Uint8Array;
  /** `0x` hex of `bytes`. */
  hex: string;
  /** The transaction's hash as the node shows it (`0x` + 64 hex digits). */
  hash: string;
  authenticator: TransactionAuthenticatorInput;
  rawTransaction: RawTransaction;
}

function isSigner(v: unknown): v is Ed25519Signer {
  return typeof v === 'object' && v !== null && typeof (v as { sign?: unknown }).sign === 'function' && (v as { publicKey?: unknown }).publicKey instanceof Uint8Array;
}

const signerOf = (v: SignerInput): Promise<Ed25519Signer> => (isSigner(v) ? Promise.resolve(v) : ed25519Signer(v));

function signersOf(key: SignerInput | TransactionSigners): TransactionSigners {
  if (typeof key === 'string' || key instanceof Uint8Array || isSigner(key)) return { sender: key };
  if (typeof key !== 'object' || key === null || !('sender' in key)) {
    throw new SigningError('invalid_key', 'expected a private key, a signer, or { sender, secondarySigners?, feePayer? }');
  }
  return key;
}

async function authenticator(signer: Ed25519Signer, message: Uint8Array): Promise<AccountAuthenticatorInput> {
  return ed25519Authenticator(signer.publicKey, await signer.sign(message));
}

/**
 * Encodes `request` (the encode_submission request JSON) as the node would for `options.chainId`,
 * signs it with `key` (or, for multi-agent and fee-payer transactions, with each of `key`'s
 * signers) and returns the signed transaction. Encoding errors are the node's (`ApiError`);
 * key and signer errors are `SigningError`s.
 */
export function signSubmission(request: EncodeSubmissionRequestJson, key: SignerInput | TransactionSigners, options: SignSubmissionOptions): Promise<SignedSubmission>;
/** Untrusted input (JSON of any shape): checked as the node checks it. */
export function signSubmission(request: unknown, key: SignerInput | TransactionSigners, options: SignSubmissionOptions): Promise<SignedSubmission>;
export async function signSubmission(request: unknown, key: SignerInput | TransactionSigners, options: SignSubmissionOptions): Promise<SignedSubmission> {
  const signers = signersOf(key);
  const encoded = await encodeSubmissionAsync(request, options);
  const rawTxn = encoded.rawTransaction;
  const addresses = encoded.secondarySigners ?? [];
  const secondaryInputs = signers.secondarySigners ?? [];
  if (!Array.isArray(secondaryInputs) || secondaryInputs.length !== addresses.length) {
    throw new SigningError('signer_mismatch', `the request names ${addresses.length} secondary signer(s); ${Array.isArray(secondaryInputs) ? secondaryInputs.length : 'no list of'} key(s) given`);
  }
  const [sender, ...secondaries] = await Promise.all([signers.sender, ...secondaryInputs].map(signerOf));
  const fp = signers.feePayer;
  let message = encoded.signingMessage;
  let feePayer: { signer: Ed25519Signer; address: string } | undefined;
  if (fp !== undefined) {
    const withAddress = typeof fp === 'object' && fp !== null && !(fp instanceof Uint8Array) && !isSigner(fp) && 'signer' in fp;
    const signer = await signerOf(withAddress ? fp.signer : (fp as SignerInput));
    feePayer = { signer, address: withAddress ? normalizeAddress(fp.address) : signer.authenticationKey };
    // Everyone signs the fee-payer message naming the real fee payer (the node accepts it from all).
    message = feePayerSigningMessage(rawTxn, addresses, feePayer.address);
  }
  const [senderAuth, feePayerAuth, ...secondaryAuths] = await Promise.all([
    authenticator(sender!, message),
    feePayer ? authenticator(feePayer.signer, message) : undefined,
    ...secondaries.map((s) => authenticator(s, message)),
  ]);
  const signed: SignedTransactionInput = assembleSignedTransaction({
    rawTxn,
    sender: senderAuth,
    secondarySigners: encoded.secondarySigners === undefined && !feePayer ? undefined : addresses.map((address, i) => ({ address, authenticator: secondaryAuths[i]! })),
    feePayer: feePayer && { address: feePayer.address, authenticator: feePayerAuth! },
  });
  const bytes = signedTransaction.encode(signed);
  return { bytes, hex: toHex(bytes), hash: transactionHashHex(signed), authenticator: signed.authenticator, rawTransaction: rawTxn };
}
