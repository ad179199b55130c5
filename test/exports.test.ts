// Every entry point's public names, written out (issue 12: an explicit export list for each entry
// point, nothing internal in it, one name per concept). Adding or removing a public name is a
// deliberate change to a list below. Values are checked at run time (src, and dist when it is
// built); type-only names through the TypeScript checker, so they are pinned as well.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

interface Surface {
  values: readonly string[];
  types: readonly string[];
}

const SUBMISSION: Surface = {
  values: [
    'abiRegistry', 'encodeSubmission', 'encodeSubmissionAsync',
    'isJsonFloat', 'parseRequestBody', 'parseRequestBodySliced', 'requestFromBytes', 'requestFromTransaction',
    'verifySigningMessage', 'verifySigningMessageAsync',
  ],
  types: [
    'AbiField', 'AbiFunction', 'AbiLookup', 'AbiModule', 'AbiRegistry', 'AbiRegistryOptions',
    'AbiResolver', 'AbiSource', 'AbiStruct',
    'EncodeSubmissionAsyncOptions', 'EncodeSubmissionOptions', 'EncodeSubmissionRequestJson',
    'EncodeSubmissionResult', 'EntryFunctionPayloadJson', 'MultisigPayloadJson', 'ScriptPayloadJson',
    'TransactionPayloadJson',
    'JsonFloat', 'ModuleIdString', 'MoveAbilityJson', 'MoveFunctionGenericTypeParamJson',
    'MoveFunctionJson', 'MoveModuleBytecodeJson', 'MoveModuleJson', 'MoveStructFieldJson', 'MoveStructGenericTypeParamJson',
    'MoveStructJson', 'MoveStructVariantJson', 'SigningMessageCheck', 'SigningMessageDifference',
    'SubmissionRequestJson', 'VerifyOptions',
  ],
};

const RECORDS: Surface = {
  values: [
    'API_ERROR_CODES', 'ApiError', 'BLOCK_HEADER_BYTES', 'ENDPOINTS', 'accountDataJson', 'accountResource', 'balance', 'balanceJson', 'bcsBlock',
    'blockEpiloguePayload', 'blockHeaderJson', 'blockJson', 'blockMetadata', 'blockMetadataExt', 'changeSet',
    'contractEvent', 'decodeResponse', 'endpointSpec', 'errorBody', 'eventHandle', 'executionStatus',
    'isApiError',
    'indexedTransactionSummary', 'ledgerInfoHeaders', 'parseAccountDataJson', 'parseBalanceJson',
    'parseBlockJson', 'parseErrorBody', 'parseLedgerInfo', 'parseTransactionSummaryJson', 'readBlockHeader', 'recordCodecs',
    'replayProtector', 'stateKey', 'stateValueMetadata', 'transaction', 'transactionData',
    'transactionInfo', 'transactionOnChainData', 'transactionSummaries', 'transactionSummaryJson',
    'validatorTransaction', 'writeBlockHeader', 'writeOp', 'writeSet', 'writeSetPayload',
  ],
  types: [
    'AccountJson', 'AccountResource', 'ApiErrorCode', 'BcsBlock', 'BcsBlockInput', 'BlockHeader', 'BlockHeaderJson', 'BlockJson', 'BlockMetadata',
    'BlockMetadataExt', 'ContractEvent', 'Endpoint', 'EndpointApiType', 'EndpointParam', 'EndpointParamType', 'EndpointSpec',
    'ErrorBody', 'ExecutionStatus', 'HeaderSource', 'IndexedTransactionSummary', 'LedgerInfo',
    'ReplayProtector', 'ReplayProtectorJson', 'ResponseBodies', 'ResponseJson', 'StateKey', 'Transaction', 'TransactionData', 'TransactionInfo',
    'TransactionInput', 'TransactionOnChainData', 'TransactionOnChainDataInput',
    'TransactionSummaryJson', 'WriteOp', 'WriteSet',
  ],
};

const CLIENT: Surface = {
  values: [
    'LedgerApiError', 'LedgerNetworkError', 'LedgerResponseError', 'MAX_ERROR_MESSAGE_LENGTH', 'SIGNED_TRANSACTION_BCS',
    'SigningMessageMismatchError', 'TransactionWaitError', 'abiResolverFrom', 'createLedgerClient',
    'isLedgerApiError', 'isLedgerNetworkError', 'isLedgerResponseError',
    'isSigningMessageMismatchError', 'isTransactionWaitError',
  ],
  types: [
    'BlockOptions', 'CallOptions', 'EncodeSubmissionCallOptions', 'EncodedSubmission', 'FetchLike',
    'FormatOption', 'HealthyOptions', 'IntegerInput', 'LedgerClient', 'LedgerClientOptions',
    'LedgerNetworkErrorKind', 'LedgerReads', 'LedgerResponseErrorCode', 'LedgerResult', 'NodeJsonReader',
    'PendingTransactionJson', 'RawBlockOptions', 'ResourceOptions', 'ResponseFormat', 'SummariesOptions',
    'TransactionCalls', 'TransactionStatusJson', 'TransactionWaitErrorKind', 'TransactionsOptions', 'VersionOptions',
    'WaitOptions',
  ],
};

const HASH: Surface = {
  values: [
    'AuthenticationKeyScheme', 'STATE_KEY_SALT', 'TRANSACTION_SALT', 'authenticationKey', 'ed25519AuthenticationKey',
    'encodeStateKey', 'hashPrefix', 'multiEd25519AuthenticationKey', 'multiKeyAuthenticationKey',
    'singleKeyAuthenticationKey', 'stateKeyHash', 'transactionHash', 'transactionHashHex',
  ],
  types: ['StateKeyInput'],
};

const REPLICA: Surface = {
  values: ['ReadThroughUnsupported', 'ReplicaError', 'createFollower', 'isReplicaError', 'readThroughSource'],
  types: [
    'Follower', 'FollowerOptions', 'FollowerState', 'FollowerStatus', 'ReadThroughOptions',
    'ReadThroughSource', 'ReplicaErrorCode', 'ReplicaErrorField', 'StartAt', 'TrustPin', 'VerificationMode',
    'VerificationStatus', 'Witness',
  ],
};

const REPLICA_NODE: Surface = {
  values: ['hashInWorker'],
  types: [],
};

const HTTP: Surface = {
  values: [
    'DEFAULT_MAX_BODY_BYTES', 'createLedgerHandler', 'forwardTo',
  ],
  types: [
    'CorsOptions', 'Forward', 'GasEstimationConfig', 'LedgerHandler', 'LedgerHandlerOptions', 'PageLimits',
  ],
};

const LEDGER: Surface = {
  values: [
    'LedgerError', 'createMemoryLedger', 'isLedgerError', 'loadMemoryLedger', 'resourceGroupKey', 'resourceKey',
  ],
  types: [
    'AccountStatePage', 'AccountStateQuery', 'BlockInput', 'EventsQuery', 'IngestResult', 'IngestingLedger', 'LedgerBase', 'LedgerErrorCode', 'LedgerSource', 'LedgerSummary',
    'MaybePromise', 'MemoryLedger', 'MemoryLedgerOptions', 'Sha3', 'StoredEvent', 'StoredTransaction', 'SummariesQuery',
  ],
};

const LEDGER_NODE: Surface = {
  values: ['nodeSha3', 'readLedgerFile', 'writeLedgerFile'],
  types: [],
};

const LEDGER_STORE: Surface = {
  values: ['exportLedgerFile', 'importLedgerFile', 'openLedgerStore'],
  types: ['LedgerStore', 'LedgerStoreOptions'],
};

const HTTP_NODE: Surface = {
  values: [
    'NODE_SERVER_DEFAULTS', 'createNodeServer', 'toNodeListener',
  ],
  types: [
    'NodeAdapterOptions', 'NodeListener', 'NodeServerLimits', 'WebHandler',
  ],
};

const SIGNING: Surface = {
  values: [
    'AIP80_ED25519_PREFIX', 'SigningError', 'ed25519Signer', 'formatPrivateKey', 'isSigningError',
    'privateKeyBytes', 'signSubmission', 'verifyEd25519Signature',
  ],
  types: [
    'Ed25519Signer', 'PrivateKeyInput', 'SignSubmissionOptions', 'SignedSubmission', 'SignerInput',
    'SigningErrorCode', 'TransactionSigners',
  ],
};

const NODE_JSON: Surface = {
  values: [
    'accountSignatureJson', 'eventJson', 'eventRootHash', 'moduleBytecodeJson', 'moveResourceJson', 'moveValueJson',
    'blockTransactionsJson', 'nodeBlockJson', 'nodeJsonReader', 'nodeJsonText', 'onChainTransactionJson', 'parseAccountSignatureJson',
    'parseEventJson', 'parseMoveResourceJson', 'parseMoveValueJson', 'parseNodeBlockJson', 'parseNodeBlockJsonAsync', 'parseNodeJsonText',
    'parseSignatureJson', 'parseTableItemDataJson', 'parseTransactionJson', 'parseTransactionJsonAsync', 'pendingTransactionJson', 'prefetchLayouts',
    'scriptBytecodeJson', 'signatureJson', 'tableItemDataJson', 'transactionJson',
  ],
  types: [
    'EventJson', 'FunctionIndexLookup', 'FunctionNameLookup', 'MoveModuleBytecodeJson', 'MoveResourceJson',
    'MoveScriptBytecodeJson', 'NodeBlockJson', 'OpaqueValue', 'ParseTransactionJsonOptions', 'ParsedTransactionJson', 'ReadVerification', 'SignatureJson',
    'SignatureReadOptions', 'TableInfoLookup', 'TableItemDataJson', 'TransactionJson', 'TransactionJsonOptions', 'UncheckedHash',
  ],
};

// The layers the other issue-12 work reshapes: lists taken from their index files.
const BCS: Surface = {
  values: [
    'ADDRESS_LENGTH', 'BcsError', 'BcsReader', 'BcsWriter', 'MAX_CONTAINER_DEPTH',
    'MAX_SEQUENCE_LENGTH', 'MAX_ZERO_SIZED_ELEMENTS', 'address', 'addressBytes', 'bcs', 'bool',
    'bytes', 'compareBytes', 'decodeBudget', 'decodeWith', 'encodeWith', 'equalBytes', 'fixedBytes',
    'UsageError', 'formatAddress', 'fromHex', 'i128', 'i16', 'i256', 'i32', 'i64', 'i8', 'isAddress',
    'isBcsError', 'isSpecialAddress', 'isUsageError', 'lazy', 'map', 'normalizeAddress', 'option', 'patchLength',
    'quote', 'schema', 'string', 'struct', 'toHex', 'transform', 'tuple', 'typeError', 'u128',
    'u16', 'u256', 'u32', 'u64', 'u8', 'uleb128', 'ulebSize', 'unit', 'utf8Encode', 'vector',
    'wrapped', 'writeAddress', 'writeBool', 'writeBytes', 'writeI128', 'writeI16', 'writeI256',
    'writeI32', 'writeI64', 'writeI8', 'writeString', 'writeU128', 'writeU16', 'writeU256',
    'writeU32', 'writeU64', 'writeU8',
  ],
  types: [
    'Address', 'AddressFormat', 'AddressInput', 'AnySchema', 'BcsErrorCode', 'BigIntInput',
    'DecodeOptions', 'EnumIn', 'EnumOut', 'Infer', 'InferInput', 'Schema', 'SchemaParts', 'UsageErrorCode',
  ],
};

const MOVE: Surface = {
  values: [
    'ABILITY', 'ALL_ABILITIES', 'MAX_GENERIC_INDEX', 'MAX_SCRIPT_VERSION', 'MAX_TYPE_TAG_NESTING',
    'MAX_TYPE_TAG_NESTING_WHEN_SERIALIZING', 'MIN_SCRIPT_VERSION', 'PRIMITIVE_TYPE_TAG_KINDS',
    'TYPE_TAG_VARIANTS', 'assertIdentifier', 'dereference', 'encodeTypeTagString',
    'formatEntryFunctionId', 'formatModuleId', 'formatMoveType', 'formatStructTag', 'formatTypeTag',
    'hasGenerics', 'identifier', 'isPrimitiveKind', 'isSignerType', 'isValidIdentifier',
    'jsonTypeName', 'moduleId', 'moveTypeEquals', 'parseEntryFunctionId', 'parseModuleId',
    'parseMoveType', 'parseStructTag', 'parseTypeTag', 'primitiveTypeTag', 'readModuleSignature', 'readScriptSignature',
    'structTag', 'substituteGenerics', 'typeArgFromString', 'typeArgFromTag', 'typeTag',
    'typeTagEquals', 'writeTypeTag', 'writeTypeTagString',
  ],
  types: [
    'AbilityName', 'EntryFunctionId', 'EntryFunctionIdInput', 'FunctionParamOrReturnTag',
    'FunctionParamOrReturnTagInput', 'FunctionTag', 'FunctionTagInput', 'ModuleFunction', 'ModuleId', 'ModuleIdInput', 'ModuleSignature', 'ModuleStruct',
    'MoveFunctionParam', 'MoveFunctionType', 'MoveStructType', 'MoveType', 'MoveValueType',
    'PrimitiveTypeTagKind', 'ScriptSignature', 'StructTag', 'StructTagInput', 'TypeArg',
    'TypeStringStyle', 'TypeTag', 'TypeTagInput',
  ],
};

const TRANSACTIONS: Surface = {
  values: [
    'MAX_BITVEC_BYTES', 'MAX_MULTI_ED25519_KEYS', 'MAX_MULTI_KEY_KEYS',
    'RAW_TRANSACTION_PREFIX_HEX', 'RAW_TRANSACTION_SALT', 'RAW_TRANSACTION_WITH_DATA_PREFIX_HEX',
    'RAW_TRANSACTION_WITH_DATA_SALT', 'abstractionAuthData', 'accountAuthenticator', 'anyPublicKey',
    'anySignature', 'arg', 'assembleSignedTransaction', 'assertionSignature', 'bitVec',
    'bitmapFromIndices', 'codec', 'compileEntryFunction', 'ed25519Authenticator',
    'ed25519PublicKey', 'ed25519Signature', 'encodeEntryFunctionTransaction', 'entryFunction',
    'entryFunctionSigningMessage', 'ephemeralCertificate', 'ephemeralPublicKey',
    'ephemeralSignature', 'federatedKeylessPublicKey', 'feePayerSigningMessage', 'fromJsonSafe',
    'functionInfo', 'indicesFromBitmap', 'keylessPublicKey', 'keylessSignature',
    'multiAgentSigningMessage', 'multiEd25519PublicKey', 'multiEd25519Signature', 'multiKey',
    'multisig', 'parseDecimal', 'rawTransaction', 'rawTransactionWithData', 'script',
    'secp256k1PublicKey', 'secp256k1Signature', 'secp256r1PublicKey', 'secp256r1Signature',
    'signedTransaction', 'signingMessage', 'slhDsaPublicKey', 'toJsonSafe', 'transactionArgument',
    'transactionAuthenticator', 'transactionAuthenticatorFor', 'transactionCodecs',
    'transactionPayload', 'transactionPayloadInner', 'transactionSigningMessage',
    'webAuthnSignature', 'writeEntryFunction', 'writeEntryFunctionPayload', 'writeRawTransaction',
    'writeRawTransactionWith', 'writeRawTransactionWithData', 'writeSignedTransaction',
    'writeTransactionPayload', 'zkProof',
  ],
  types: [
    'AbstractionAuthData', 'AbstractionAuthDataInput', 'AccountAuthenticator',
    'AccountAuthenticatorInput', 'AnyPublicKey', 'AnyPublicKeyInput', 'AnySignature',
    'AnySignatureInput', 'BigIntShape', 'Codec', 'CompiledEntryFunction', 'Ed25519Pair',
    'EncodeOnlyEntryFunctionInput', 'EntryFunction', 'EntryFunctionArg', 'EntryFunctionCallInput',
    'EntryFunctionInput', 'EntryFunctionParam', 'EntryFunctionPayloadInput',
    'EntryFunctionSignature', 'FunctionInfo', 'JsonValue', 'KeylessPublicKey', 'KeylessSignature',
    'MultiEd25519PublicKey', 'MultiEd25519PublicKeyInput', 'MultiEd25519Signature',
    'MultiEd25519SignatureInput', 'MultiKey', 'MultiKeyInput', 'Multisig', 'MultisigInput',
    'MultisigTransactionPayload', 'MultisigTransactionPayloadInput', 'ParamInput', 'ParamInputs',
    'RawTransaction', 'RawTransactionInput', 'RawTransactionWithData',
    'RawTransactionWithDataInput', 'Script', 'ScriptInput', 'Shape', 'SignedTransaction',
    'SignedTransactionInput', 'SignerAuthenticator', 'SmallIntShape', 'TransactionArgument',
    'TransactionArgumentInput', 'TransactionAuthenticator', 'TransactionAuthenticatorInput',
    'TransactionExecutable', 'TransactionExecutableInput', 'TransactionExtraConfig',
    'TransactionExtraConfigInput', 'TransactionExtraConfigV1', 'TransactionExtraConfigV1Input',
    'TransactionPayload', 'TransactionPayloadInner', 'TransactionPayloadInnerInput',
    'TransactionPayloadInput', 'TypeArgInput', 'ValueWriter',
  ],
};

// The root entry: what most users need to start (at most 30 names; issue 18).
const ROOT: Surface = {
  values: [
    'ApiError', 'BcsError', 'LedgerApiError', 'UsageError', 'abiRegistry', 'bcs', 'createLedgerClient',
    'encodeSubmission', 'encodeSubmissionAsync', 'fromHex', 'isApiError', 'isBcsError', 'isLedgerApiError',
    'isLedgerNetworkError', 'isLedgerResponseError', 'isSigningMessageMismatchError', 'isUsageError',
    'toHex', 'verifySigningMessage',
  ],
  types: [
    'AbiRegistry', 'BcsErrorCode', 'EncodeSubmissionOptions', 'EncodeSubmissionResult', 'Infer',
    'LedgerClient', 'LedgerClientOptions', 'Schema', 'UsageErrorCode',
  ],
};

/**
 * Every package.json "exports" subpath's pinned list. The entries themselves are package.json's one
 * list (tsup builds from it too): a new entry point fails here until its list is added.
 */
const SURFACES: Record<string, Surface> = {
  '.': ROOT,
  './bcs': BCS,
  './move': MOVE,
  './transactions': TRANSACTIONS,
  './records': RECORDS,
  './submission': SUBMISSION,
  './client': CLIENT,
  './hash': HASH,
  './http': HTTP,
  './http/node': HTTP_NODE,
  './signing': SIGNING,
  './ledger': LEDGER,
  './ledger/node': LEDGER_NODE,
  './ledger/store': LEDGER_STORE,
  './node-json': NODE_JSON,
  './replica': REPLICA,
  './replica/node': REPLICA_NODE,
};

interface Entry {
  /** How users import it. */
  name: string;
  subpath: string;
  src: string;
  load: () => Promise<Record<string, unknown>>;
  /** Built file without extension (`.js` ESM, `.cjs` CommonJS). */
  dist: string;
  surface: Surface | undefined;
}

type ExportsMap = Record<string, string | { import: { default: string } }>;
const pkgExports = (JSON.parse(readFileSync('package.json', 'utf8')) as { exports: ExportsMap }).exports;

// As tsup.config.ts reads the map: `./dist/<name>.js` is built from `src/<name>.ts`.
const ENTRIES: Entry[] = Object.entries(pkgExports).flatMap(([subpath, target]) => {
  if (typeof target === 'string') return [];
  const name = target.import.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '');
  const src = `src/${name}.ts`;
  return [{
    name: `ledger-bcs${subpath.slice(1)}`,
    subpath,
    src,
    load: () => import(/* @vite-ignore */ resolve(src)) as Promise<Record<string, unknown>>,
    dist: `dist/${name}`,
    surface: SURFACES[subpath],
  }];
});

/** Type-only exports of each entry (a class or a const that is also a type counts as a value). */
function typeOnlyExports(files: readonly string[]): Map<string, string[]> {
  const config = ts.readConfigFile('tsconfig.json', (p) => ts.sys.readFile(p));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, process.cwd());
  const program = ts.createProgram(files.map((f) => resolve(f)), { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const out = new Map<string, string[]>();
  for (const f of files) {
    const file = program.getSourceFile(resolve(f));
    const module = file && checker.getSymbolAtLocation(file);
    if (!module) throw new Error(`${f}: not a module`);
    const types = checker
      .getExportsOfModule(module)
      .filter((s) => !((s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s).flags & ts.SymbolFlags.Value))
      .map((s) => s.name);
    out.set(f, types.sort());
  }
  return out;
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('public names of every entry point', () => {
  it('every package entry has its pinned list here, and every list is a package entry', () => {
    for (const e of ENTRIES) expect(e.surface, `${e.name}: add its list to SURFACES`).toBeDefined();
    expect(sorted(Object.keys(SURFACES))).toEqual(sorted(ENTRIES.map((e) => e.subpath)));
  });

  it('the root entry stays small', () => {
    expect(ROOT.values.length + ROOT.types.length).toBeLessThanOrEqual(30);
  });

  it('the lists hold no duplicates, and no name is both a value and a type', () => {
    for (const [name, surface] of Object.entries(SURFACES)) {
      const all = [...surface.values, ...surface.types];
      expect(new Set(all).size, name).toBe(all.length);
    }
  });

  for (const e of ENTRIES) {
    it(`${e.name}: its values, from src`, async () => {
      expect(sorted(Object.keys(await e.load()))).toEqual(sorted(e.surface?.values ?? []));
    });
  }

  it('every entry: its type-only names, through the TypeScript checker', () => {
    const types = typeOnlyExports(ENTRIES.map((e) => e.src));
    for (const e of ENTRIES) expect(types.get(e.src), e.name).toEqual(sorted(e.surface?.types ?? []));
  });

  const built = ENTRIES.filter((e) => existsSync(`${e.dist}.js`));
  const require = createRequire(import.meta.url);
  for (const e of built) {
    it(`${e.name}: its values, from dist (ESM and CommonJS; stale if src changed since the build)`, async () => {
      const esm = (await import(/* @vite-ignore */ pathToFileURL(resolve(`${e.dist}.js`)).href)) as Record<string, unknown>;
      expect(sorted(Object.keys(esm))).toEqual(sorted(e.surface?.values ?? []));
      const cjs = require(resolve(`${e.dist}.cjs`)) as Record<string, unknown>;
      expect(sorted(Object.keys(cjs))).toEqual(sorted(e.surface?.values ?? []));
    });
  }
});

describe('one name per concept', () => {
  it('each record of recordCodecs() is exported as its declaration under the same name, and no other record is', async () => {
    const records = await import('../src/records/index.js');
    const camel = (n: string) => n[0].toLowerCase() + n.slice(1);
    const declarations = Object.entries(records)
      .filter(([, v]) => typeof v === 'object' && v !== null && 'schema' in v && 'shape' in v)
      .map(([k]) => k);
    expect(sorted(declarations)).toEqual(sorted(Object.keys(records.recordCodecs()).map(camel)));
  });

  it('`bcs` groups the core schemas and combinators; the enum combinator is public only as `bcs.enum`', async () => {
    const core = await import('../src/bcs/index.js');
    expect(typeof core.bcs.enum).toBe('function');
    expect(Object.keys(core)).not.toContain('enumeration');
  });
});
