// ts-sdk, importing only what a transfer and its signing message need (tree-shaking attempt).
import {
  AccountAddress,
  ChainId,
  EntryFunction,
  Identifier,
  ModuleId,
  RawTransaction,
  SimpleTransaction,
  TransactionPayloadEntryFunction,
  U64,
  generateSigningMessageForTransaction,
} from '@aptos-labs/ts-sdk';

const entry = new EntryFunction(
  new ModuleId(AccountAddress.from('0x1'), new Identifier('aptos_account')),
  new Identifier('transfer'),
  [],
  [AccountAddress.from('0x00000000000000000000000000000000000000000000000000000000000000b0'), new U64(1000n)],
);
const raw = new RawTransaction(
  AccountAddress.from('0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef'),
  7n,
  new TransactionPayloadEntryFunction(entry),
  200000n,
  100n,
  1700000000n,
  new ChainId(4),
);
const msg = generateSigningMessageForTransaction(new SimpleTransaction(raw));
console.log(Array.from(msg, (b) => b.toString(16).padStart(2, '0')).join(''));
