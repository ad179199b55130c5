import { BcsError, formatAddress, toHex } from '../bcs/index.js';
import {
  abstractionAuthData,
  bitmapFromIndices,
  indicesFromBitmap,
  keylessPublicKey,
  federatedKeylessPublicKey,
  keylessSignature,
  webAuthnSignature,
  type AccountAuthenticator,
  type AnyPublicKey,
  type AnySignature,
  type TransactionAuthenticator,
} from '../transactions/index.js';
import { address, at, each, field, hex, hexValue, kind, obj, smallInt, str, unknownKind, type Obj, fieldAt } from './json-read.js';

// api/types/src/transaction.rs `TransactionSignature`, `AccountSignature`, `PublicKey`, `Signature`:
// poem one_of unions, each object's fields in declaration order and its `type` last. A union inside
// a union variant (`SingleSender(AccountSignature)`) gets the outer `type`, which replaces the inner
// one in place: the account signature's kind is then known by its fields alone.

export type SignatureJson = Record<string, unknown>;

const PUBLIC_KEY_TYPES = {
  Ed25519: 'ed25519',
  Secp256k1Ecdsa: 'secp256k1_ecdsa',
  Secp256r1Ecdsa: 'secp256r1_ecdsa',
  Keyless: 'keyless',
  FederatedKeyless: 'federated_keyless',
  SlhDsa_Sha2_128s: 'slh_dsa_sha2_128s',
} as const;
const SIGNATURE_TYPES = {
  Ed25519: 'ed25519',
  Secp256k1Ecdsa: 'secp256k1_ecdsa',
  WebAuthn: 'web_authn',
  Keyless: 'keyless',
  SlhDsa_Sha2_128s: 'slh_dsa_sha2_128s',
} as const;

/** `{ value, type }` of a key or signature: keyless and WebAuthn values as their BCS bytes. */
function valueJson(k: { $kind: string; value: unknown }, table: Record<string, string>, encoders: Record<string, (v: never) => Uint8Array>): Obj {
  const e = encoders[k.$kind];
  return { value: toHex(e ? e(k.value as never) : (k.value as Uint8Array)), type: table[k.$kind] };
}

const KEY_ENCODERS = { Keyless: (v: never) => keylessPublicKey.encode(v), FederatedKeyless: (v: never) => federatedKeylessPublicKey.encode(v) };
const SIGNATURE_ENCODERS = { Keyless: (v: never) => keylessSignature.encode(v), WebAuthn: (v: never) => webAuthnSignature.encode(v) };
const publicKeyJson = (k: AnyPublicKey) => valueJson(k, PUBLIC_KEY_TYPES, KEY_ENCODERS);
const anySignatureJson = (s: AnySignature) => valueJson(s, SIGNATURE_TYPES, SIGNATURE_ENCODERS);

/** The fields of an AccountSignature, and its own `type`. */
function accountFields(a: AccountAuthenticator): [Obj, string] {
  switch (a.$kind) {
    case 'Ed25519':
      return [{ public_key: toHex(a.value.publicKey), signature: toHex(a.value.signature) }, 'ed25519_signature'];
    case 'MultiEd25519':
      return [
        {
          public_keys: a.value.publicKey.publicKeys.map(toHex),
          signatures: a.value.signature.signatures.map(toHex),
          threshold: a.value.publicKey.threshold,
          bitmap: toHex(a.value.signature.bitmap),
        },
        'multi_ed25519_signature',
      ];
    case 'SingleKey':
      return [{ public_key: publicKeyJson(a.value.publicKey), signature: anySignatureJson(a.value.signature) }, 'single_key_signature'];
    case 'MultiKey': {
      const indices = indicesFromBitmap(a.value.signaturesBitmap);
      return [
        {
          public_keys: a.value.publicKeys.publicKeys.map(publicKeyJson),
          signatures: a.value.signatures.map((s, i) => ({ index: indices[i] ?? i, signature: anySignatureJson(s) })),
          signatures_required: a.value.publicKeys.signaturesRequired,
        },
        'multi_key_signature',
      ];
    }
    case 'NoAccountAuthenticator':
      return [{}, 'no_account_signature'];
    case 'Abstraction': {
      const f = a.value.functionInfo;
      return [
        { function_info: `${formatAddress(f.moduleAddress, 'short')}::${f.moduleName}::${f.functionName}`, auth_data: toHex(abstractionAuthData.encode(a.value.authData)) },
        'abstract_signature',
      ];
    }
  }
}

/** The `type` accountFields writes for each kind (checked on read without rendering the keys). */
const ACCOUNT_TYPE_OF: Record<AccountAuthenticator['$kind'], string> = {
  Ed25519: 'ed25519_signature',
  MultiEd25519: 'multi_ed25519_signature',
  SingleKey: 'single_key_signature',
  MultiKey: 'multi_key_signature',
  NoAccountAuthenticator: 'no_account_signature',
  Abstraction: 'abstract_signature',
};

export function accountSignatureJson(a: AccountAuthenticator): SignatureJson {
  const [o, type] = accountFields(a);
  o.type = type;
  return o;
}

/** The node's `signature` of a user transaction, for every TransactionAuthenticator. */
export function signatureJson(auth: TransactionAuthenticator): SignatureJson {
  switch (auth.$kind) {
    case 'Ed25519':
    case 'MultiEd25519':
      return accountSignatureJson(auth as AccountAuthenticator);
    case 'MultiAgent':
      return {
        sender: accountSignatureJson(auth.value.sender),
        secondary_signer_addresses: auth.value.secondarySignerAddresses.map((x) => formatAddress(x, 'short')),
        secondary_signers: auth.value.secondarySigners.map(accountSignatureJson),
        type: 'multi_agent_signature',
      };
    case 'FeePayer':
      return {
        sender: accountSignatureJson(auth.value.sender),
        secondary_signer_addresses: auth.value.secondarySignerAddresses.map((x) => formatAddress(x, 'short')),
        secondary_signers: auth.value.secondarySigners.map(accountSignatureJson),
        fee_payer_address: formatAddress(auth.value.feePayerAddress, 'short'),
        fee_payer_signer: accountSignatureJson(auth.value.feePayerSigner),
        type: 'fee_payer_signature',
      };
    case 'SingleSender': {
      const [o] = accountFields(auth.value.sender);
      o.type = 'single_sender';
      return o;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Reading back.

function byType<T extends Record<string, string>>(table: T, type: string, what: string): keyof T {
  for (const k in table) if (table[k] === type) return k;
  throw unknownKind(type, what);
}

/** A `{ value, type }` key or signature: keyless and WebAuthn values are BCS, the rest raw bytes. */
function parseValue<T>(v: unknown, table: Record<string, string>, what: string, decode: Record<string, (b: Uint8Array) => unknown>): T {
  const o = obj(v, `a ${what}`);
  const k = byType(table, kind(o), what) as string;
  const value = hex(o, 'value');
  return at('value', () => ({ $kind: k, value: decode[k] ? decode[k](value) : value })) as T;
}

const KEY_DECODERS = { Keyless: (b: Uint8Array) => keylessPublicKey.decode(b), FederatedKeyless: (b: Uint8Array) => federatedKeylessPublicKey.decode(b) };
const SIGNATURE_DECODERS = { Keyless: (b: Uint8Array) => keylessSignature.decode(b), WebAuthn: (b: Uint8Array) => webAuthnSignature.decode(b) };
const parsePublicKey = (v: unknown) => parseValue<AnyPublicKey>(v, PUBLIC_KEY_TYPES, 'public key', KEY_DECODERS);
const parseAnySignature = (v: unknown) => parseValue<AnySignature>(v, SIGNATURE_TYPES, 'signature', SIGNATURE_DECODERS);

/** Options for reading signatures: the byte length of a MultiKey's signer bitmap (the JSON keeps only the indices). */
export interface SignatureReadOptions {
  multiKeyBitmapBytes?: number;
}

function parseFunctionInfo(s: string) {
  const parts = s.split('::');
  if (parts.length !== 3) throw new BcsError('invalid_json', `expected function_info as address::module::function, got ${JSON.stringify(s)}`).within('function_info');
  return { moduleAddress: at('function_info', () => address({ a: parts[0] }, 'a')), moduleName: parts[1]!, functionName: parts[2]! };
}

/** An AccountSignature's fields (its `type` may be `single_sender`, so its kind is read from the fields). */
function parseAccountFields(o: Obj, options: SignatureReadOptions): AccountAuthenticator {
  if ('function_info' in o) {
    return { $kind: 'Abstraction', value: { functionInfo: parseFunctionInfo(str(o, 'function_info')), authData: fieldAt(o, 'auth_data', (v) => abstractionAuthData.decode(hexValue(v))) } };
  }
  if ('threshold' in o || 'bitmap' in o) {
    const publicKeys = each(o, 'public_keys', hexValue);
    const signatures = each(o, 'signatures', hexValue);
    return {
      $kind: 'MultiEd25519',
      value: { publicKey: { publicKeys, threshold: smallInt(o, 'threshold', 255, 'threshold') }, signature: { signatures, bitmap: hex(o, 'bitmap') } },
    };
  }
  if ('signatures_required' in o) {
    const publicKeys = each(o, 'public_keys', parsePublicKey);
    const indexed = each(o, 'signatures', (v) => {
      const s = obj(v, 'an indexed signature');
      return { index: smallInt(s, 'index', 255, 'index'), signature: fieldAt(s, 'signature', (v) => parseAnySignature(v)) };
    });
    const bytes = options.multiKeyBitmapBytes ?? 4;
    const indices = indexed.map((s) => s.index);
    const need = indices.length === 0 ? 1 : (Math.max(...indices) >> 3) + 1;
    const signaturesBitmap = at('signatures', () => bitmapFromIndices(indices, Math.max(bytes, need)));
    return {
      $kind: 'MultiKey',
      value: {
        publicKeys: { publicKeys, signaturesRequired: smallInt(o, 'signatures_required', 255, 'signatures_required') },
        signatures: indexed.map((s) => s.signature),
        signaturesBitmap,
      },
    };
  }
  if ('public_key' in o) {
    const pk = field(o, 'public_key');
    if (typeof pk === 'object' && pk !== null) {
      return { $kind: 'SingleKey', value: { publicKey: at('public_key', () => parsePublicKey(pk)), signature: fieldAt(o, 'signature', (v) => parseAnySignature(v)) } };
    }
    return { $kind: 'Ed25519', value: { publicKey: hex(o, 'public_key'), signature: hex(o, 'signature') } };
  }
  return { $kind: 'NoAccountAuthenticator' };
}

const ACCOUNT_TYPES = new Set(['ed25519_signature', 'multi_ed25519_signature', 'single_key_signature', 'multi_key_signature', 'no_account_signature', 'abstract_signature']);

export function parseAccountSignatureJson(json: unknown, options: SignatureReadOptions = {}): AccountAuthenticator {
  const o = obj(json, 'an account signature');
  const type = kind(o);
  if (!ACCOUNT_TYPES.has(type)) throw unknownKind(type, 'account signature');
  const a = parseAccountFields(o, options);
  if (ACCOUNT_TYPE_OF[a.$kind] !== type) throw new BcsError('invalid_json', `the fields of a ${type} do not match its type`).within('type');
  return a;
}

function addresses(o: Obj, key: string) {
  return each(o, key, (v) => address({ a: v }, 'a'));
}

/** Reads the node's `signature` JSON back into the TransactionAuthenticator. */
export function parseSignatureJson(json: unknown, options: SignatureReadOptions = {}): TransactionAuthenticator {
  const o = obj(json, 'a transaction signature');
  const type = kind(o);
  switch (type) {
    case 'ed25519_signature':
    case 'multi_ed25519_signature':
      return parseAccountSignatureJson(o, options) as TransactionAuthenticator;
    case 'multi_agent_signature':
    case 'fee_payer_signature': {
      const sender = fieldAt(o, 'sender', (v) => parseAccountSignatureJson(v, options));
      const secondarySignerAddresses = addresses(o, 'secondary_signer_addresses');
      const secondarySigners = each(o, 'secondary_signers', (v) => parseAccountSignatureJson(v, options));
      if (type === 'multi_agent_signature') return { $kind: 'MultiAgent', value: { sender, secondarySignerAddresses, secondarySigners } };
      return {
        $kind: 'FeePayer',
        value: {
          sender,
          secondarySignerAddresses,
          secondarySigners,
          feePayerAddress: address(o, 'fee_payer_address'),
          feePayerSigner: fieldAt(o, 'fee_payer_signer', (v) => parseAccountSignatureJson(v, options)),
        },
      };
    }
    case 'single_sender':
      return { $kind: 'SingleSender', value: { sender: parseAccountFields(o, options) } };
    default:
      throw unknownKind(type, 'transaction signature');
  }
}

