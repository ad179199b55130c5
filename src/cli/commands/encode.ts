import { toHex } from '../../bcs/index.js';
import { signingMessage, type RawTransactionInput } from '../../transactions/index.js';
import { readJsonArg } from '../input.js';
import type { Command } from '../run.js';
import { CODEC_NOTES, codecFor } from './codec-for.js';

// The inverse of `decode`, and what an offline signing tool needs: JSON-safe plain data in,
// BCS (or the signing message) out. Input is JSON given inline, a file, or `-` for stdin.

export const encodeCommand: Command = {
  summary: "encode TYPE's JSON-safe form: its BCS hex",
  description: 'Encode the JSON-safe form of TYPE (inline JSON, a file, or - for stdin) and print its BCS hex.',
  args: 'TYPE JSON|FILE|-',
  positionals: [2, 2],
  options: {},
  notes: CODEC_NOTES,
  async run(a, io) {
    const [type, source] = a.positionals as [string, string];
    const codec = codecFor(type);
    io.out(toHex(codec.schema.encode(codec.fromJson(await readJsonArg(source, io)))));
    return 0;
  },
};

export const signingMessageCommand: Command = {
  summary: "a RawTransaction's signing message",
  description: 'Print the signing message (what encode_submission returns) of a RawTransaction in JSON-safe form (inline JSON, a file, or - for stdin).',
  args: 'JSON|FILE|-',
  positionals: [1, 1],
  options: {},
  async run(a, io) {
    const raw = codecFor('RawTransaction').fromJson(await readJsonArg(a.positionals[0]!, io));
    io.out(toHex(signingMessage(raw as RawTransactionInput)));
    return 0;
  },
};
