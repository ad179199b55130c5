import { fromHex } from '../../bcs/index.js';
import { abiRegistry, requestFromBytes } from '../../submission/index.js';
import { CliError, type Command } from '../run.js';
import { loadAbiFiles } from './encode-submission.js';

// `ledger-bcs decode-request`: a signing message or bcs(RawTransaction) shown as the encode_submission
// request that produces it, its argument bytes read through the ABIs (the embedded framework's and
// any `--abi FILE`).

export const decodeRequestCommand: Command = {
  summary: 'print the encode_submission request JSON of a signing message or a bcs(RawTransaction) (hex argument, or - for stdin)',
  usage: 'decode-request [--abi FILE]... HEX|-',
  async run(args, io) {
    const files: string[] = [];
    let source: string | undefined;
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--abi') {
        const f = args[++i];
        if (f === undefined) throw new CliError('--abi needs a value');
        files.push(f);
      } else if (args[i]!.startsWith('--')) throw new CliError(`unknown option ${JSON.stringify(args[i])}`);
      else if (source === undefined) source = args[i];
      else throw new CliError(`unexpected argument ${JSON.stringify(args[i])}`);
    }
    if (source === undefined) throw new CliError('usage: ledger-bcs decode-request [--abi FILE]... HEX|-');
    const hex = (source === '-' ? await io.readStdin() : source).trim();
    const { request } = requestFromBytes(fromHex(hex), { abis: abiRegistry(loadAbiFiles(files)) });
    io.out(JSON.stringify(request, null, 2));
    return 0;
  },
};
