import type { Shape } from './json.js';

// JSON shapes of every transaction type (field for field the plain data of the schemas).
// Plain object literals: nothing runs at module load, and bundles that skip JSON drop them.

const typeArgs: Shape = { vector: { lazy: () => TypeTag } };

export const StructTag: Shape = { struct: { address: 'address', module: 'string', name: 'string', typeArgs } };

const functionParam: Shape = {
  enum: { reference: { lazy: () => TypeTag }, mutableReference: { lazy: () => TypeTag }, value: { lazy: () => TypeTag } },
};

export const TypeTag: Shape = {
  enum: {
    bool: null,
    u8: null,
    u64: null,
    u128: null,
    address: null,
    signer: null,
    vector: { lazy: () => TypeTag },
    struct: StructTag,
    u16: null,
    u32: null,
    u256: null,
    function: { struct: { args: { vector: functionParam }, results: { vector: functionParam }, abilities: 'u8' } },
    i8: null,
    i16: null,
    i32: null,
    i64: null,
    i128: null,
    i256: null,
  },
};

export const EntryFunction: Shape = {
  struct: {
    module: { struct: { address: 'address', name: 'string' } },
    function: 'string',
    typeArgs,
    args: { vector: 'bytes' },
  },
};

export const TransactionArgument: Shape = {
  enum: {
    U8: 'u8',
    U64: 'u64',
    U128: 'u128',
    Address: 'address',
    U8Vector: 'bytes',
    Bool: 'bool',
    U16: 'u16',
    U32: 'u32',
    U256: 'u256',
    Serialized: 'bytes',
    I8: 'i8',
    I16: 'i16',
    I32: 'i32',
    I64: 'i64',
    I128: 'i128',
    I256: 'i256',
  },
};

export const Script: Shape = { struct: { code: 'bytes', typeArgs, args: { vector: TransactionArgument } } };

export const Multisig: Shape = {
  struct: {
    multisigAddress: 'address',
    transactionPayload: { option: { enum: { EntryFunction, Script } } },
  },
};

export const TransactionPayloadInner: Shape = {
  enum: {
    V1: {
      struct: {
        executable: { enum: { Script, EntryFunction, Empty: null } },
        extraConfig: { enum: { V1: { struct: { multisigAddress: { option: 'address' }, replayProtectionNonce: { option: 'u64' } } } } },
      },
    },
  },
};

export const TransactionPayload: Shape = {
  enum: {
    Script,
    ModuleBundle: { struct: { dummyValue: 'u64' } },
    EntryFunction,
    Multisig,
    Payload: TransactionPayloadInner,
  },
};

export const RawTransaction: Shape = {
  struct: {
    sender: 'address',
    sequenceNumber: 'u64',
    payload: TransactionPayload,
    maxGasAmount: 'u64',
    gasUnitPrice: 'u64',
    expirationTimestampSecs: 'u64',
    chainId: 'u8',
  },
};

const addresses: Shape = { vector: 'address' };

export const RawTransactionWithData: Shape = {
  enum: {
    MultiAgent: { struct: { rawTxn: RawTransaction, secondarySignerAddresses: addresses } },
    MultiAgentWithFeePayer: { struct: { rawTxn: RawTransaction, secondarySignerAddresses: addresses, feePayerAddress: 'address' } },
  },
};

// Keys and signatures

const keylessPublicKey: Shape = { struct: { issVal: 'string', idc: 'bytes' } };

export const AnyPublicKey: Shape = {
  enum: {
    Ed25519: 'bytes',
    Secp256k1Ecdsa: 'bytes',
    Secp256r1Ecdsa: 'bytes',
    Keyless: keylessPublicKey,
    FederatedKeyless: { struct: { jwkAddr: 'address', pk: keylessPublicKey } },
    SlhDsa_Sha2_128s: 'bytes',
  },
};

const webAuthn: Shape = {
  struct: { signature: { enum: { Secp256r1Ecdsa: 'bytes' } }, authenticatorData: 'bytes', clientDataJson: 'bytes' },
};
const ephemeralSignature: Shape = { enum: { Ed25519: 'bytes', WebAuthn: webAuthn } };

export const KeylessSignature: Shape = {
  struct: {
    cert: {
      enum: {
        ZeroKnowledgeSig: {
          struct: {
            proof: { enum: { Groth16: { struct: { a: 'bytes', b: 'bytes', c: 'bytes' } } } },
            expHorizonSecs: 'u64',
            extraField: { option: 'string' },
            overrideAudVal: { option: 'string' },
            trainingWheelsSignature: { option: ephemeralSignature },
          },
        },
        OpenIdSig: {
          struct: {
            jwtSig: 'bytes',
            jwtPayloadJson: 'string',
            uidKey: 'string',
            epkBlinder: 'bytes',
            pepper: 'bytes',
            idcAudVal: { option: 'string' },
          },
        },
      },
    },
    jwtHeaderJson: 'string',
    expDateSecs: 'u64',
    ephemeralPubkey: { enum: { Ed25519: 'bytes', Secp256r1Ecdsa: 'bytes' } },
    ephemeralSignature,
  },
};

export const AnySignature: Shape = {
  enum: { Ed25519: 'bytes', Secp256k1Ecdsa: 'bytes', WebAuthn: webAuthn, Keyless: KeylessSignature, SlhDsa_Sha2_128s: 'bytes' },
};

export const MultiKey: Shape = { struct: { publicKeys: { vector: AnyPublicKey }, signaturesRequired: 'u8' } };

const ed25519Pair: Shape = { struct: { publicKey: 'bytes', signature: 'bytes' } };
const multiEd25519Pair: Shape = {
  struct: {
    publicKey: { struct: { publicKeys: { vector: 'bytes' }, threshold: 'u8' } },
    signature: { struct: { signatures: { vector: 'bytes' }, bitmap: 'bytes' } },
  },
};

export const AccountAuthenticator: Shape = {
  enum: {
    Ed25519: ed25519Pair,
    MultiEd25519: multiEd25519Pair,
    SingleKey: { struct: { publicKey: AnyPublicKey, signature: AnySignature } },
    MultiKey: { struct: { publicKeys: MultiKey, signatures: { vector: AnySignature }, signaturesBitmap: 'bytes' } },
    NoAccountAuthenticator: null,
    Abstraction: {
      struct: {
        functionInfo: { struct: { moduleAddress: 'address', moduleName: 'string', functionName: 'string' } },
        authData: {
          enum: {
            V1: { struct: { signingMessageDigest: 'bytes', authenticator: 'bytes' } },
            DerivableV1: { struct: { signingMessageDigest: 'bytes', abstractSignature: 'bytes', abstractPublicKey: 'bytes' } },
          },
        },
      },
    },
  },
};

const signers: Shape = { vector: AccountAuthenticator };

export const TransactionAuthenticator: Shape = {
  enum: {
    Ed25519: ed25519Pair,
    MultiEd25519: multiEd25519Pair,
    MultiAgent: { struct: { sender: AccountAuthenticator, secondarySignerAddresses: addresses, secondarySigners: signers } },
    FeePayer: {
      struct: {
        sender: AccountAuthenticator,
        secondarySignerAddresses: addresses,
        secondarySigners: signers,
        feePayerAddress: 'address',
        feePayerSigner: AccountAuthenticator,
      },
    },
    SingleSender: { struct: { sender: AccountAuthenticator } },
  },
};

export const SignedTransaction: Shape = { struct: { rawTxn: RawTransaction, authenticator: TransactionAuthenticator } };
