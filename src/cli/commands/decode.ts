import { fromHex } from '../../bcs/index.js';
import { RAW_TRANSACTION_PREFIX_HEX, RAW_TRANSACTION_WITH_DATA_PREFIX_HEX } from '../../transactions/index.js';
import { CliError, type Command } from '../run.js';
import { CODEC_NOTES, codecFor } from './codec-for.js';

const PREFIXES = [RAW_TRANSACTION_PREFIX_HEX, RAW_TRANSACTION_WITH_DATA_PREFIX_HEX].map((p) => p.slice(2));

export const decodeCommand: Command = {
  summary: 'decode BCS hex as TYPE: its JSON-safe form',
  description: 'Decode BCS hex (an argument, or - for stdin) as TYPE and print its JSON-safe form.',
  args: 'TYPE HEX|-',
  positionals: [2, 2],
  options: {},
  notes: CODEC_NOTES,
  async run(a, io) {
    const [type, source] = a.positionals as [string, string];
    const codec = codecFor(type);
    const text = (source === '-' ? await io.readStdin() : source).trim();
    // A signing message is a domain prefix and then the transaction: the request is what it encodes.
    const digits = text.replace(/^0x/i, '').toLowerCase();
    if (/^RawTransaction/.test(codec.typeName) && PREFIXES.some((p) => digits.startsWith(p))) {
      throw new CliError('this is a signing message (a 32-byte domain prefix, then the transaction): use `ledger-bcs decode-request HEX` for its request JSON');
    }
    const value = codec.schema.decode(fromHex(text));
    io.out(JSON.stringify(codec.toJson(value), null, 2));
    return 0;
  },
};
