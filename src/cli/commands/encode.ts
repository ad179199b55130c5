import { toHex } from '../../bcs/index.js';
import { signingMessage, type RawTransactionInput } from '../../transactions/index.js';
import { CliError, type Command, type Io } from '../run.js';
import { CODEC_NAMES, codecFor } from './codec-for.js';

// The inverse of `decode`, and what an offline signing tool needs: JSON-safe plain data in,
// BCS (or the signing message) out. Input is a JSON argument or `-` for stdin.

async function readJson(source: string, io: Io): Promise<unknown> {
  const text = source === '-' ? await io.readStdin() : source;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`input is not JSON: ${(e as Error).message}`);
  }
}

export const encodeCommand: Command = {
  summary: `encode the JSON-safe form of TYPE (argument, or - for stdin) and print its BCS hex; TYPE is one of ${CODEC_NAMES}`,
  usage: 'encode TYPE JSON|-',
  async run(args, io) {
    if (args.length !== 2) throw new CliError(`usage: ledger-bcs encode TYPE JSON|-  (TYPE: ${CODEC_NAMES})`);
    const [type, source] = args;
    const codec = codecFor(type);
    io.out(toHex(codec.schema.encode(codec.fromJson(await readJson(source, io)))));
    return 0;
  },
};

export const signingMessageCommand: Command = {
  summary: 'print the signing message (what encode_submission returns) of a RawTransaction in JSON-safe form (argument, or - for stdin)',
  usage: 'signing-message JSON|-',
  async run(args, io) {
    if (args.length !== 1) throw new CliError('usage: ledger-bcs signing-message JSON|-');
    const raw = codecFor('RawTransaction').fromJson(await readJson(args[0], io));
    io.out(toHex(signingMessage(raw as RawTransactionInput)));
    return 0;
  },
};
