import { toHex } from '../../bcs/index.js';
import { formatTypeTag, parseTypeTag, typeTag } from '../../move/index.js';
import { CliError, type Command } from '../run.js';

export const typeTagCommand: Command = {
  summary: 'parse a Move type tag; print its canonical string and BCS bytes as JSON',
  usage: 'type-tag STRING',
  run(args, io) {
    if (args.length !== 1) throw new CliError('usage: ledger-bcs type-tag STRING (quote the type tag, e.g. \'vector<u8>\')');
    const tag = parseTypeTag(args[0]);
    const canonical = formatTypeTag(tag);
    const bytes = typeTag.encode(tag);
    io.out(`{"canonical": ${JSON.stringify(canonical)}, "bcs": "${toHex(bytes)}"}`);
    return 0;
  },
};
