import { readFileSync } from 'node:fs';
import { toHex } from '../../bcs/index.js';
import { rawTransaction, signingMessage, toJsonSafe, transactionCodecs, type RawTransactionInput } from '../../transactions/index.js';
import { CliError, type Command } from '../run.js';

// The bundled example (fixtures/example-transaction.json) is looked up next to the package root,
// both from src/cli/commands (tests) and from dist/cli (the built CLI).
function loadExample(): { rawTransaction: unknown; signingMessage?: string } {
  for (const rel of ['../../fixtures/example-transaction.json', '../../../fixtures/example-transaction.json']) {
    try {
      return JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  throw new CliError('fixtures/example-transaction.json not found');
}

export const example: Command = {
  summary: 'print the bundled example transaction (a transfer), its BCS and its signing message',
  usage: 'example',
  run(args, io) {
    if (args.length > 0) throw new CliError(`unexpected argument ${JSON.stringify(args[0])}; usage: ledger-bcs example`);
    const example = loadExample();
    const raw = transactionCodecs().RawTransaction.fromJson(example.rawTransaction) as RawTransactionInput;
    io.out(`raw transaction: ${JSON.stringify(toJsonSafe(rawTransaction.decode(rawTransaction.encode(raw))), null, 2)}`);
    io.out(`bcs:             ${toHex(rawTransaction.encode(raw))}`);
    io.out(`signing message: ${toHex(signingMessage(raw))}`);
    return 0;
  },
};
