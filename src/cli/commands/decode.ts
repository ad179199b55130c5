import { fromHex } from '../../bcs/index.js';
import { CliError, type Command } from '../run.js';
import { CODEC_NAMES, codecFor } from './codec-for.js';

export const decodeCommand: Command = {
  summary: `decode BCS hex (or - for stdin) as TYPE and print its JSON-safe form; TYPE is one of ${CODEC_NAMES}`,
  usage: 'decode TYPE HEX|-',
  async run(args, io) {
    if (args.length !== 2) throw new CliError(`usage: ledger-bcs decode TYPE HEX|-  (TYPE: ${CODEC_NAMES})`);
    const [type, source] = args;
    const codec = codecFor(type);
    const text = (source === '-' ? await io.readStdin() : source).trim();
    const value = codec.schema.decode(fromHex(text));
    io.out(JSON.stringify(codec.toJson(value), null, 2));
    return 0;
  },
};
