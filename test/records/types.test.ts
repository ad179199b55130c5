import { describe, expectTypeOf, it } from 'vitest';
import {
  bcsBlock,
  blockMetadata,
  recordCodecs,
  transactionOnChainData,
  writeOp,
  type BcsBlock,
  type BcsBlockInput,
  type StateKey,
  type Transaction,
  type TransactionOnChainData,
  type TransactionOnChainDataInput,
  type WriteOp,
  type WriteSet,
} from '../../src/records/index.js';
import { transactionCodecs, type SignedTransaction } from '../../src/transactions/index.js';
import type { MultiAgentAuthenticator, TransactionAuthenticator } from '../../src/transactions/authenticator.js';
import type { AccountAuthenticator } from '../../src/transactions/index.js';

// The named types that keep declaration files small (src/transactions/declare.ts' StructSchema and
// EnumSchema, the records' …Schema names, the written-out types of src/records/transaction.ts and
// src/transactions/authenticator.ts) must stay as precise as the inferred ones they stand for.
// Checked by `tsc --noEmit` (npm test): each toEqualTypeOf fails if its side degrades to `any`.
describe('record and authenticator types stay precise', () => {
  it('a committed transaction decodes to its variants, not to any', () => {
    expectTypeOf(transactionOnChainData.schema.decode).returns.toEqualTypeOf<TransactionOnChainData>();
    expectTypeOf<TransactionOnChainData['transaction']>().toEqualTypeOf<Transaction>();
    expectTypeOf<Transaction['$kind']>().toEqualTypeOf<
      'UserTransaction' | 'GenesisTransaction' | 'BlockMetadata' | 'StateCheckpoint' | 'ValidatorTransaction' | 'BlockMetadataExt' | 'BlockEpilogue'
    >();
    expectTypeOf<TransactionOnChainData['version']>().toEqualTypeOf<bigint>();
    expectTypeOf<TransactionOnChainData>().not.toBeAny();
  });
  it('a multi-agent authenticator is reached through the transaction authenticator', () => {
    type MultiAgent = Extract<TransactionAuthenticator, { $kind: 'MultiAgent' }>['value'];
    expectTypeOf<MultiAgent>().toEqualTypeOf<MultiAgentAuthenticator>();
    expectTypeOf<MultiAgent['secondarySigners'][number]>().toEqualTypeOf<AccountAuthenticator>();
    expectTypeOf<AccountAuthenticator['$kind']>().toEqualTypeOf<'Ed25519' | 'MultiEd25519' | 'SingleKey' | 'MultiKey' | 'NoAccountAuthenticator' | 'Abstraction'>();
  });
  it('a write-set op keeps its variants and fields', () => {
    expectTypeOf(writeOp.schema.decode).returns.toEqualTypeOf<WriteOp>();
    expectTypeOf<WriteOp['$kind']>().toEqualTypeOf<
      'Creation' | 'Modification' | 'Deletion' | 'CreationWithMetadata' | 'ModificationWithMetadata' | 'DeletionWithMetadata'
    >();
    type WithMetadata = Extract<WriteOp, { $kind: 'CreationWithMetadata' }>['value'];
    expectTypeOf<WithMetadata['data']>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<Extract<WithMetadata['metadata'], { $kind: 'V1' }>['value']>().toEqualTypeOf<{
      slotDeposit: bigint;
      bytesDeposit: bigint;
      creationTimeUsecs: bigint;
    }>();
    expectTypeOf<Extract<WriteOp, { $kind: 'Deletion' }>>().toEqualTypeOf<{ $kind: 'Deletion' }>();
    expectTypeOf<WriteSet['value'][number]['key']>().toEqualTypeOf<StateKey>();
    expectTypeOf<WriteSet['value'][number]['value']>().toEqualTypeOf<WriteOp>();
    // Inputs stay checked too: an unknown variant or a missing payload is refused.
    type Input = Parameters<typeof writeOp.schema.encode>[0];
    const deletion: Input = { $kind: 'DeletionWithMetadata', value: { metadata: { $kind: 'V0', value: { deposit: 1, creationTimeUsecs: 2n } } } };
    // @ts-expect-error not a PersistedWriteOp variant
    const unknown: Input = { $kind: 'Removal' };
    // @ts-expect-error Creation carries its bytes
    const bare: Input = { $kind: 'Creation' };
    expectTypeOf([deletion, unknown, bare]).not.toBeAny();
  });
  it('a struct decodes to its fields, and a block to its optional transactions', () => {
    expectTypeOf(blockMetadata.schema.decode).returns.toEqualTypeOf<{
      id: Uint8Array;
      epoch: bigint;
      round: bigint;
      proposer: string;
      previousBlockVotesBitvec: Uint8Array;
      failedProposerIndices: number[];
      timestampUsecs: bigint;
    }>();
    expectTypeOf(bcsBlock.schema.decode).returns.toEqualTypeOf<BcsBlock>();
    expectTypeOf<BcsBlock['transactions']>().toEqualTypeOf<TransactionOnChainData[] | null>();
    expectTypeOf<BcsBlock['blockHeight']>().toEqualTypeOf<bigint>();
    expectTypeOf<BcsBlockInput['transactions']>().toEqualTypeOf<readonly TransactionOnChainDataInput[] | null | undefined>();
  });
  it('the codec maps keep each codec precise', () => {
    expectTypeOf(recordCodecs().WriteOp.fromJson).returns.toEqualTypeOf<WriteOp>();
    expectTypeOf(recordCodecs().Transaction.schema.decode).returns.toEqualTypeOf<Transaction>();
    expectTypeOf(transactionCodecs().SignedTransaction.schema.decode).returns.toEqualTypeOf<SignedTransaction>();
    expectTypeOf<SignedTransaction>().not.toBeAny();
  });
});
