import { fromHex } from '../../bcs/index.js';
import { abiRegistry, requestFromBytes } from '../../submission/index.js';
import type { Command } from '../run.js';
import { ABI_OPTION, loadAbiFiles } from './encode-submission.js';

// `ledger-bcs decode-request`: a signing message or bcs(RawTransaction) shown as the encode_submission
// request that produces it, its argument bytes read through the ABIs (the embedded framework's and
// any `--abi FILE`).

export const decodeRequestCommand: Command = {
  summary: 'the request JSON of a signing message or RawTransaction',
  description: 'Print the encode_submission request JSON of a signing message or a bcs(RawTransaction) (hex argument, or - for stdin).',
  args: 'HEX|-',
  positionals: [1, 1],
  options: { '--abi': ABI_OPTION },
  async run(a, io) {
    const source = a.positionals[0]!;
    const hex = (source === '-' ? await io.readStdin() : source).trim();
    const { request } = requestFromBytes(fromHex(hex), { abis: abiRegistry(loadAbiFiles(a.values('--abi'))) });
    io.out(JSON.stringify(request, null, 2));
    return 0;
  },
};
