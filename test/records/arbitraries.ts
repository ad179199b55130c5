// fast-check arbitraries for every record, in decoded plain-data form. Maps are generated with
// unique keys in any order (encoding sorts them); compare records through their bytes.
import fc from 'fast-check';
import { stateKey } from '../../src/records/index.js';
import { toHex } from '../../src/bcs/index.js';

// Own small generators for the embedded transaction types (the transaction layer's arbitraries are
// broader; these only need to reach every record variant).
function transactionParts() {
  const bytes = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max });
  const address = bytes(32, 32).map((b) => toHex(b));
  const identifier = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,8}$/);
  const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
  const { typeTag } = fc.letrec<{ typeTag: unknown }>((tie) => ({
    typeTag: fc.oneof(
      { depthSize: 'small', maxDepth: 3 },
      fc.constantFrom('bool', 'u8', 'u64', 'u128', 'address', 'signer', 'u16', 'u32', 'u256', 'i8', 'i64', 'i256').map(($kind) => ({ $kind })),
      tie('typeTag').map((value) => ({ $kind: 'vector', value })),
      fc.record({ address, module: identifier, name: identifier, typeArgs: fc.array(tie('typeTag'), { maxLength: 2 }) }).map((value) => ({ $kind: 'struct', value })),
    ),
  }));
  const script = fc.record({
    code: bytes(0, 16),
    typeArgs: fc.array(typeTag, { maxLength: 2 }),
    args: fc.array(fc.oneof(u64.map((value) => ({ $kind: 'U64', value })), address.map((value) => ({ $kind: 'Address', value }))), { maxLength: 2 }),
  });
  const entryFunction = fc.record({
    module: fc.record({ address, name: identifier }),
    function: identifier,
    typeArgs: fc.array(typeTag, { maxLength: 2 }),
    args: fc.array(bytes(0, 40), { maxLength: 3 }),
  });
  const raw = fc.record({
    sender: address,
    sequenceNumber: u64,
    payload: fc.oneof(entryFunction.map((value) => ({ $kind: 'EntryFunction', value })), script.map((value) => ({ $kind: 'Script', value }))),
    maxGasAmount: u64,
    gasUnitPrice: u64,
    expirationTimestampSecs: u64,
    chainId: fc.integer({ min: 0, max: 255 }),
  });
  const accountAuthenticator = fc.record({ publicKey: bytes(32, 32), signature: bytes(64, 64) }).map((value) => ({ $kind: 'Ed25519', value }));
  return { bytes, address, identifier, u64, typeTag, script, raw, accountAuthenticator };
}

export function recordArbitraries() {
  const t = transactionParts();
  const { bytes, address, u64, typeTag } = t;
  const hash = bytes(32, 32);
  const u16 = fc.integer({ min: 0, max: 0xffff });
  const u32 = fc.integer({ min: 0, max: 0xffffffff });
  const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
  const kind = <K extends string, T>(k: K, a: fc.Arbitrary<T>) => a.map((value) => ({ $kind: k, value }));
  const unit = <K extends string>(k: K) => fc.constant({ $kind: k });

  const eventKey = fc.record({ creationNumber: u64, accountAddress: address });
  const eventHandle = fc.record({ count: u64, key: eventKey });
  const offer = fc.record({ forAddress: opt(address) });
  const accountResource = fc.record({
    authenticationKey: bytes(0, 40),
    sequenceNumber: u64,
    guidCreationNum: u64,
    coinRegisterEvents: eventHandle,
    keyRotationEvents: eventHandle,
    rotationCapabilityOffer: offer,
    signerCapabilityOffer: offer,
  });
  const replayProtector = fc.oneof(kind('Nonce', u64), kind('SequenceNumber', u64));
  const summary = kind('V1', fc.record({ sender: address, version: u64, transactionHash: hash, replayProtector }));

  const contractEvent = fc.oneof(
    kind('V1', fc.record({ key: eventKey, sequenceNumber: u64, typeTag, eventData: bytes(0, 16) })),
    kind('V2', fc.record({ typeTag, eventData: bytes(0, 16) })),
  );
  const metadata = fc.oneof(
    kind('V0', fc.record({ deposit: u64, creationTimeUsecs: u64 })),
    kind('V1', fc.record({ slotDeposit: u64, bytesDeposit: u64, creationTimeUsecs: u64 })),
  );
  const writeOp = fc.oneof(
    kind('Creation', bytes(0, 16)),
    kind('Modification', bytes(0, 16)),
    unit('Deletion'),
    kind('CreationWithMetadata', fc.record({ data: bytes(0, 16), metadata })),
    kind('ModificationWithMetadata', fc.record({ data: bytes(0, 16), metadata })),
    kind('DeletionWithMetadata', fc.record({ metadata })),
  );
  const key = fc.oneof(
    kind('AccessPath', fc.record({ address, path: bytes(0, 8) })),
    kind('TableItem', fc.record({ handle: address, key: bytes(0, 8) })),
    kind('Raw', bytes(0, 8)),
  );
  const writeSet = kind(
    'V0',
    fc.uniqueArray(fc.record({ key, value: writeOp }), { maxLength: 4, selector: (e) => toHex(stateKey.schema.encode(e.key as never)) }),
  );
  const location = fc.oneof(kind('Module', fc.record({ address, name: t.identifier })), unit('Script'));
  const executionStatus = fc.oneof(
    unit('Success'),
    unit('OutOfGas'),
    kind('MoveAbort', fc.record({ location, code: u64, info: opt(fc.record({ reasonName: fc.string(), description: fc.string() })) })),
    kind('ExecutionFailure', fc.record({ location, function: u16, codeOffset: u16 })),
    kind('MiscellaneousError', opt(u64)),
  );
  const transactionInfo = kind(
    'V0',
    fc.record({
      gasUsed: u64,
      status: executionStatus,
      transactionHash: hash,
      eventRootHash: hash,
      stateChangeHash: hash,
      stateCheckpointHash: opt(hash),
      auxiliaryInfoHash: opt(hash),
    }),
  );
  const blockMetadataFields = {
    id: hash,
    epoch: u64,
    round: u64,
    proposer: address,
    previousBlockVotesBitvec: bytes(0, 8),
    failedProposerIndices: fc.array(u32, { maxLength: 3 }),
    timestampUsecs: u64,
  };
  const blockMetadata = fc.record(blockMetadataFields);
  const randomness = fc.record({ metadata: fc.record({ epoch: u64, round: u64 }), randomness: bytes(0, 32) });
  const blockMetadataExt = fc.oneof(kind('V0', blockMetadata), kind('V1', fc.record({ ...blockMetadataFields, randomness: opt(randomness) })));
  const validatorTransaction = fc.oneof(
    kind('DKGResult', fc.record({ metadata: fc.record({ epoch: u64, author: address }), transcriptBytes: bytes(0, 32) })),
    kind(
      'ObservedJWKUpdate',
      fc.record({
        update: fc.record({
          issuer: bytes(0, 16),
          version: u64,
          jwks: fc.array(fc.record({ variant: fc.record({ typeName: fc.string(), data: bytes(0, 16) }) }), { maxLength: 2 }),
        }),
        multiSig: fc.record({ validatorBitmask: bytes(0, 4), sig: opt(bytes(96, 96)) }),
      }),
    ),
  );
  const blockEndInfo = kind(
    'V0',
    fc.record({ blockGasLimitReached: fc.boolean(), blockOutputLimitReached: fc.boolean(), blockEffectiveBlockGasUnits: u64, blockApproxOutputSize: u64 }),
  );
  const blockEpilogue = fc.oneof(
    kind('V0', fc.record({ blockId: hash, blockEndInfo })),
    kind(
      'V1',
      fc.record({
        blockId: hash,
        blockEndInfo,
        feeDistribution: kind('V0', fc.record({ amount: fc.uniqueArray(fc.record({ key: u64, value: u64 }), { maxLength: 3, selector: (e) => e.key }) })),
      }),
    ),
  );
  const signedTransaction = fc.record({
    rawTxn: t.raw,
    authenticator: t.accountAuthenticator.map((sender) => ({ $kind: 'SingleSender', value: { sender } })),
  });
  const changeSet = fc.record({ writeSet, events: fc.array(contractEvent, { maxLength: 2 }) });
  const writeSetPayload = fc.oneof(kind('Direct', changeSet), kind('Script', fc.record({ executeAs: address, script: t.script })));
  const transaction = fc.oneof(
    kind('UserTransaction', signedTransaction),
    kind('GenesisTransaction', writeSetPayload),
    kind('BlockMetadata', blockMetadata),
    kind('StateCheckpoint', hash),
    kind('ValidatorTransaction', validatorTransaction),
    kind('BlockMetadataExt', blockMetadataExt),
    kind('BlockEpilogue', blockEpilogue),
  );
  const onChain = fc.record({
    version: u64,
    transaction,
    info: transactionInfo,
    events: fc.array(contractEvent, { maxLength: 2 }),
    accumulatorRootHash: hash,
    changes: writeSet,
  });
  const transactionData = fc.oneof(kind('OnChain', onChain), kind('Pending', signedTransaction));
  const bcsBlock = fc.record({
    blockHeight: u64,
    blockHash: hash,
    blockTimestamp: u64,
    firstVersion: u64,
    lastVersion: u64,
    transactions: opt(fc.array(onChain, { maxLength: 3 })),
  });

  return {
    AccountResource: accountResource,
    EventHandle: eventHandle,
    Balance: u64,
    IndexedTransactionSummary: summary,
    TransactionSummaries: fc.array(summary, { maxLength: 4 }),
    ReplayProtector: replayProtector,
    BcsBlock: bcsBlock,
    Transaction: transaction,
    TransactionOnChainData: onChain,
    TransactionData: transactionData,
    TransactionInfo: transactionInfo,
    ExecutionStatus: executionStatus,
    BlockMetadata: blockMetadata,
    BlockMetadataExt: blockMetadataExt,
    BlockEpiloguePayload: blockEpilogue,
    ValidatorTransaction: validatorTransaction,
    WriteSetPayload: writeSetPayload,
    ChangeSet: changeSet,
    WriteSet: writeSet,
    StateKey: key,
    WriteOp: writeOp,
    StateValueMetadata: metadata,
    ContractEvent: contractEvent,
  } as Record<string, fc.Arbitrary<unknown>>;
}
