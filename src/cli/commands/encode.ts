import { toHex } from '../../bcs/index.js';
import { signingMessage, type RawTransactionInput } from '../../transactions/index.js';
import { readJsonArg } from '../input.js';
import { CliError, type Command } from '../run.js';
import { CODEC_NOTES, codecFor } from './codec-for.js';

// The inverse of `decode`, and what an offline signing tool needs: JSON-safe plain data in,
// BCS (or the signing message) out. Input is JSON given inline, a file, or `-` for stdin.

export const encodeCommand: Command = {
  summary: 'encode the JSON-safe form of TYPE (inline JSON, a file, or - for stdin) and print its BCS hex',
  usage: 'encode TYPE JSON|FILE|-',
  notes: CODEC_NOTES,
  async run(args, io) {
    if (args.length !== 2) throw new CliError('usage: ledger-bcs encode TYPE JSON|FILE|-  (the types: ledger-bcs encode --help)');
    const [type, source] = args;
    const codec = codecFor(type);
    io.out(toHex(codec.schema.encode(codec.fromJson(await readJsonArg(source, io)))));
    return 0;
  },
};

export const signingMessageCommand: Command = {
  summary: 'print the signing message (what encode_submission returns) of a RawTransaction in JSON-safe form (inline JSON, a file, or - for stdin)',
  usage: 'signing-message JSON|FILE|-',
  async run(args, io) {
    if (args.length !== 1) throw new CliError('usage: ledger-bcs signing-message JSON|FILE|-');
    const raw = codecFor('RawTransaction').fromJson(await readJsonArg(args[0], io));
    io.out(toHex(signingMessage(raw as RawTransactionInput)));
    return 0;
  },
};
