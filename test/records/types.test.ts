import { describe, expectTypeOf, it } from 'vitest';
import { transactionOnChainData, type Transaction, type TransactionOnChainData } from '../../src/records/index.js';
import type { MultiAgentAuthenticator, TransactionAuthenticator } from '../../src/transactions/authenticator.js';
import type { AccountAuthenticator } from '../../src/transactions/index.js';

// The written-out types that keep declaration files small (src/records/transaction.ts,
// src/transactions/authenticator.ts) must stay as precise as the inferred ones they stand for.
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
});
