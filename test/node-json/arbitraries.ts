// fast-check arbitraries of records the node's JSON can carry exactly: the values the JSON readers
// can rebuild byte for byte (docs/node-json.md lists what the JSON does not carry, which these
// leave at the one value the reader chooses: Modification/Creation/Deletion write ops without
// metadata, no auxiliary-info hash, a script function index 0, 4-byte MultiKey bitmaps, ...).
import fc from 'fast-check';
import { u64 as u64Schema, bytes as bytesSchema, struct, string } from '../../src/bcs/index.js';
import { isValidIdentifier } from '../../src/move/index.js';
import { stateKey, transaction, type Transaction, type TransactionOnChainData } from '../../src/records/index.js';
import { hashes } from '../../src/node-json/hashes.js';
import { encodePath } from '../../src/node-json/changes-json.js';
import { statusCodeTable } from '../../src/node-json/status-codes.js';
import { transactionArbitraries } from '../transactions/arbitraries.js';

const kind = <K extends string, T>(k: K, a: fc.Arbitrary<T>) => a.map((value) => ({ $kind: k, value }));
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

const STATUS_NAMES = ['LINKER_ERROR', 'MALFORMED', 'OUT_OF_GAS', 'ABORTED', 'UNKNOWN_STATUS', 'CODE_DESERIALIZATION_ERROR', 'SEQUENCE_NUMBER_TOO_OLD'];
const rsaJwk = struct('RSA_JWK', { kid: string, kty: string, alg: string, e: string, n: string });

export function nodeJsonArbitraries() {
  const t = transactionArbitraries({ typeTags: 'all' });
  const { bytes, address, identifier, u64, typeTag } = t;
  const hash = bytes(32, 32);
  const h = hashes();
  const codes = statusCodeTable();

  // Events: types whose values render without any module ABI.
  const eventValue = fc.oneof(
    u64.map((v) => ({ typeTag: { $kind: 'u64' }, eventData: u64Schema.encode(v) })),
    bytes(0, 20).map((b) => ({ typeTag: { $kind: 'vector', value: { $kind: 'u8' } }, eventData: bytesSchema.encode(b) })),
    fc.boolean().map((b) => ({ typeTag: { $kind: 'bool' }, eventData: new Uint8Array([b ? 1 : 0]) })),
  );
  const contractEvent = fc.oneof(
    fc.record({ key: fc.record({ creationNumber: u64.filter((n) => n !== 0n), accountAddress: address }), sequenceNumber: u64, e: eventValue }).map(({ key, sequenceNumber, e }) => ({ $kind: 'V1', value: { key, sequenceNumber, ...e } })),
    eventValue.map((e) => ({ $kind: 'V2', value: e })),
  );

  // Changes: a framework resource with an embedded layout, table items, deleted resources and modules.
  const timeTag = { address: '0x1', module: 'timestamp', name: 'CurrentTimeMicroseconds', typeArgs: [] };
  const change = (write: 'Modification' | 'Creation') =>
    fc.oneof(
      fc.record({ a: address, v: u64 }).map(({ a, v }) => ({ key: { $kind: 'AccessPath', value: { address: a, path: encodePath({ $kind: 'Resource', value: timeTag } as never) } }, value: { $kind: write, value: u64Schema.encode(v) } })),
      fc.record({ a: address }).map(({ a }) => ({ key: { $kind: 'AccessPath', value: { address: a, path: encodePath({ $kind: 'Resource', value: timeTag } as never) } }, value: { $kind: 'Deletion' } })),
      fc.record({ a: address, m: identifier }).map(({ a, m }) => ({ key: { $kind: 'AccessPath', value: { address: a, path: encodePath({ $kind: 'Code', value: { address: a, name: m } } as never) } }, value: { $kind: 'Deletion' } })),
      fc.record({ handle: address, key: bytes(0, 12), value: opt(bytes(0, 12)) }).map(({ handle, key, value }) => ({ key: { $kind: 'TableItem', value: { handle, key } }, value: value === null ? { $kind: 'Deletion' } : { $kind: write, value } })),
    );
  const writeSet = (write: 'Modification' | 'Creation') =>
    kind('V0', fc.uniqueArray(change(write), { maxLength: 4, selector: (e) => Buffer.from(stateKey.schema.encode(e.key as never)).toString('hex') }));

  const location = fc.oneof(kind('Module', fc.record({ address, name: identifier })), fc.constant({ $kind: 'Script' }));
  const status = fc.oneof(
    fc.constant({ $kind: 'Success' }),
    fc.constant({ $kind: 'OutOfGas' }),
    kind('MoveAbort', fc.record({ location, code: u64, info: opt(fc.record({ reasonName: identifier, description: fc.string() })) })).map((s) =>
      s.value.location.$kind === 'Script' ? { ...s, value: { ...s.value, info: null } } : s,
    ),
    kind('ExecutionFailure', fc.record({ location, function: fc.integer({ min: 0, max: 0xffff }), codeOffset: fc.integer({ min: 0, max: 0xffff }) })).map((s) =>
      s.value.location.$kind === 'Script' ? { ...s, value: { ...s.value, function: 0 } } : s,
    ),
    kind('MiscellaneousError', opt(fc.constantFrom(...STATUS_NAMES).map((n) => codes.code(n)!))),
  );

  // User transactions: payloads the JSON can carry (arguments without an ABI travel as hex).
  const entryFunction = fc.record({ module: fc.record({ address, name: identifier }), function: identifier, typeArgs: fc.array(typeTag, { maxLength: 2 }), args: fc.array(bytes(0, 20), { maxLength: 3 }) });
  const script = fc.record({ code: bytes(0, 16), typeArgs: fc.array(typeTag, { maxLength: 2 }), args: fc.array(kind('Serialized', bytes(0, 12)), { maxLength: 2 }) });
  const v2 = (executable: fc.Arbitrary<unknown>, multisig: fc.Arbitrary<string | null>, nonce: fc.Arbitrary<bigint | null>) =>
    fc.record({ executable, multisigAddress: multisig, replayProtectionNonce: nonce }).map(({ executable, multisigAddress, replayProtectionNonce }) => ({
      $kind: 'Payload',
      value: { $kind: 'V1', value: { executable, extraConfig: { $kind: 'V1', value: { multisigAddress, replayProtectionNonce } } } },
    }));
  const payload = fc.oneof(
    kind('EntryFunction', entryFunction),
    kind('Script', script),
    kind('Multisig', fc.record({ multisigAddress: address, transactionPayload: opt(kind('EntryFunction', entryFunction)) })),
    v2(fc.oneof(kind('EntryFunction', entryFunction), kind('Script', script)), fc.constant(null), opt(u64)),
    v2(fc.oneof(kind('EntryFunction', entryFunction), fc.constant({ $kind: 'Empty' })), address, opt(u64)),
  );
  const account = t.accountAuthenticator.filter(
    (a) => a.$kind !== 'Abstraction' || (isValidIdentifier(a.value.functionInfo.moduleName) && isValidIdentifier(a.value.functionInfo.functionName)),
  );
  const authenticator = fc.oneof(
    account.filter((a) => a.$kind === 'Ed25519' || a.$kind === 'MultiEd25519'),
    kind('SingleSender', fc.record({ sender: account })),
    fc.array(fc.record({ a: address, s: account }), { maxLength: 2 }).chain((xs) =>
      fc.oneof(
        kind('MultiAgent', fc.record({ sender: account }).map(({ sender }) => ({ sender, secondarySignerAddresses: xs.map((x) => x.a), secondarySigners: xs.map((x) => x.s) }))),
        kind('FeePayer', fc.record({ sender: account, feePayerAddress: address, feePayerSigner: account }).map((f) => ({ ...f, secondarySignerAddresses: xs.map((x) => x.a), secondarySigners: xs.map((x) => x.s) }))),
      ),
    ),
  );
  const signed = fc.record({
    rawTxn: fc.record({ sender: address, sequenceNumber: u64, payload, maxGasAmount: u64, gasUnitPrice: u64, expirationTimestampSecs: u64, chainId: fc.constant(4) }),
    authenticator,
  });

  const metaOf = (blockId: Uint8Array) => ({ id: fc.constant(blockId), epoch: u64, round: u64, proposer: address, previousBlockVotesBitvec: bytes(0, 6), failedProposerIndices: fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 3 }), timestampUsecs: u64 });
  const blockEndInfo = kind('V0', fc.record({ blockGasLimitReached: fc.boolean(), blockOutputLimitReached: fc.boolean(), blockEffectiveBlockGasUnits: u64, blockApproxOutputSize: u64 }));
  const minimalBitmask = fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 4 }).map((ix) => {
    const out = new Uint8Array(ix.length === 0 ? 0 : (Math.max(...ix) >> 3) + 1);
    for (const i of ix) out[i >> 3]! |= 0x80 >> (i & 7);
    return out;
  });
  const jwk = fc.record({ kid: fc.string(), kty: fc.string(), alg: fc.string(), e: fc.string(), n: fc.string() }).map((r) => ({ variant: { typeName: '0x1::jwks::RSA_JWK', data: rsaJwk.encode(r) } }));

  /** Transactions of every kind; `blockId` is the id that state checkpoints and epilogues carry. */
  const transactionOf = (blockId: Uint8Array): fc.Arbitrary<Transaction> => {
    const meta = metaOf(blockId);
    return fc.oneof(
      kind('UserTransaction', signed),
      kind('GenesisTransaction', kind('Direct', fc.record({ writeSet: writeSet('Creation'), events: fc.array(contractEvent, { maxLength: 2 }) }))),
      kind('BlockMetadata', fc.record(meta)),
      fc.constant({ $kind: 'StateCheckpoint', value: blockId }),
      kind('ValidatorTransaction', fc.oneof(
        kind('DKGResult', fc.record({ metadata: fc.record({ epoch: u64, author: address }), transcriptBytes: bytes(0, 32) })),
        kind('ObservedJWKUpdate', fc.record({
          update: fc.record({ issuer: fc.string().map((s) => new TextEncoder().encode(s)), version: u64, jwks: fc.array(jwk, { maxLength: 2 }) }),
          multiSig: fc.record({ validatorBitmask: minimalBitmask, sig: opt(bytes(96, 96)) }),
        })),
      )),
      kind('BlockMetadataExt', fc.oneof(
        kind('V0', fc.record(meta)),
        kind('V1', fc.record({ ...meta, r: opt(bytes(0, 32)) }).map(({ r, ...m }) => ({ ...m, randomness: r === null ? null : { metadata: { epoch: m.epoch, round: m.round }, randomness: r } }))),
      )),
      kind('BlockEpilogue', fc.oneof(
        kind('V0', fc.record({ blockId: fc.constant(blockId), blockEndInfo })),
        kind('V1', fc.record({ blockId: fc.constant(blockId), blockEndInfo, feeDistribution: fc.constant({ $kind: 'V0', value: { amount: [] } }) })),
      )),
    ) as fc.Arbitrary<Transaction>;
  };

  /** A committed transaction whose `hash` is its transaction's hash. */
  const onChain = (blockId: Uint8Array): fc.Arbitrary<TransactionOnChainData> =>
    fc
      .record({
        version: u64,
        transaction: transactionOf(blockId),
        gasUsed: u64,
        status,
        eventRootHash: hash,
        stateChangeHash: hash,
        stateCheckpointHash: opt(hash),
        events: fc.array(contractEvent, { maxLength: 2 }),
        accumulatorRootHash: hash,
        changes: writeSet('Modification'),
      })
      .map((r) => {
        const tx = transaction.schema.decode(transaction.schema.encode(r.transaction as never)) as Transaction;
        const k = tx.$kind;
        const events = k === 'StateCheckpoint' || k === 'BlockEpilogue' ? [] : r.events;
        const status = r.status.$kind === 'Success' ? r.status : r.status;
        return {
          version: r.version,
          transaction: tx,
          info: { $kind: 'V0', value: { gasUsed: r.gasUsed, status, transactionHash: h.transaction(tx), eventRootHash: r.eventRootHash, stateChangeHash: r.stateChangeHash, stateCheckpointHash: r.stateCheckpointHash, auxiliaryInfoHash: null } },
          events,
          accumulatorRootHash: r.accumulatorRootHash,
          changes: r.changes,
        } as unknown as TransactionOnChainData;
      });

  return { onChain, signed, hash, u64 };
}
