import { toHex } from '../../bcs/index.js';
import { formatTypeTag, parseTypeTag, typeTag } from '../../move/index.js';
import type { Command } from '../run.js';

export const typeTagCommand: Command = {
  summary: 'parse a Move type tag: its canonical string and BCS',
  description: "Parse a Move type tag; print its canonical string and BCS bytes as JSON. Quote it for the shell: 'vector<u8>'.",
  args: 'STRING',
  positionals: [1, 1],
  options: {},
  run(a, io) {
    const tag = parseTypeTag(a.positionals[0]!);
    const canonical = formatTypeTag(tag);
    const bytes = typeTag.encode(tag);
    io.out(`{"canonical": ${JSON.stringify(canonical)}, "bcs": "${toHex(bytes)}"}`);
    return 0;
  },
};
