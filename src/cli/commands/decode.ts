import { fromHex } from '../../bcs/index.js';
import { transactionCodecs, type Codec } from '../../transactions/index.js';
import { CliError, type Command } from '../run.js';

const codecs = transactionCodecs();
const TYPES = Object.keys(codecs) as (keyof typeof codecs)[];

export const decodeCommand: Command = {
  summary: `decode BCS hex (or - for stdin) as TYPE and print its JSON-safe form; TYPE is one of ${TYPES.join(', ')}`,
  usage: 'decode TYPE HEX|-',
  async run(args, io) {
    if (args.length !== 2) throw new CliError(`usage: ledger-bcs decode TYPE HEX|-  (TYPE: ${TYPES.join(', ')})`);
    const [type, source] = args;
    if (!Object.hasOwn(codecs, type)) throw new CliError(`unknown type ${JSON.stringify(type)}; expected one of ${TYPES.join(', ')}`);
    const codec = codecs[type as keyof typeof codecs] as unknown as Codec<unknown, unknown>;
    const text = (source === '-' ? await io.readStdin() : source).trim();
    const value = codec.schema.decode(fromHex(text));
    io.out(JSON.stringify(codec.toJson(value), null, 2));
    return 0;
  },
};
