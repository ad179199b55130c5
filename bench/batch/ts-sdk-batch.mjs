// ts-sdk's typed-class path over JSON lines, the peer of `ledger-bcs encode-submission --batch`:
// each line's request parsed and built into its classes (the transfer's argument types known in
// advance, as an application that uses the typed API knows them), one signing-message hex per line.
import { readFileSync } from 'node:fs';
import {
  AccountAddress,
  ChainId,
  EntryFunction,
  Hex,
  RawTransaction,
  SimpleTransaction,
  TransactionPayloadEntryFunction,
  U64,
  generateSigningMessageForTransaction,
} from '@aptos-labs/ts-sdk';

const lines = readFileSync(0, 'utf8').split('\n');
const out = [];
for (const line of lines) {
  if (line === '') continue;
  const r = JSON.parse(line);
  const p = r.payload;
  const [module, fn] = [p.function.slice(0, p.function.lastIndexOf('::')), p.function.slice(p.function.lastIndexOf('::') + 2)];
  const entry = EntryFunction.build(module, fn, [], [AccountAddress.from(p.arguments[0]), new U64(BigInt(p.arguments[1]))]);
  const raw = new RawTransaction(
    AccountAddress.from(r.sender),
    BigInt(r.sequence_number),
    new TransactionPayloadEntryFunction(entry),
    BigInt(r.max_gas_amount),
    BigInt(r.gas_unit_price),
    BigInt(r.expiration_timestamp_secs),
    new ChainId(4),
  );
  out.push(JSON.stringify(Hex.fromHexInput(generateSigningMessageForTransaction(new SimpleTransaction(raw))).toString()));
  if (out.length === 4096) {
    process.stdout.write(out.join('\n') + '\n');
    out.length = 0;
  }
}
if (out.length) process.stdout.write(out.join('\n') + '\n');
