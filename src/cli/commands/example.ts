import { toHex } from '../../bcs/index.js';
import { rawTransaction, signingMessage, toJsonSafe, transactionCodecs, type RawTransactionInput } from '../../transactions/index.js';
import { readBundledFile } from '../input.js';
import type { Command } from '../run.js';

export const example: Command = {
  summary: 'the bundled example transfer, its BCS and signing message',
  description: 'Print the bundled example transaction (a transfer, fixtures/example-transaction.json), its BCS and its signing message.',
  args: '',
  positionals: [0, 0],
  options: {},
  run(_a, io) {
    const example = JSON.parse(readBundledFile('fixtures/example-transaction.json')) as { rawTransaction: unknown };
    const raw = transactionCodecs().RawTransaction.fromJson(example.rawTransaction) as RawTransactionInput;
    io.out(`raw transaction: ${JSON.stringify(toJsonSafe(rawTransaction.decode(rawTransaction.encode(raw))), null, 2)}`);
    io.out(`bcs:             ${toHex(rawTransaction.encode(raw))}`);
    io.out(`signing message: ${toHex(signingMessage(raw))}`);
    return 0;
  },
};
