import { bcs, toHex } from '../../bcs/index.js';
import type { Command } from '../run.js';

// A demo of the core until the transaction layer lands: encode a struct, decode it back.
const Transfer = bcs.struct('Transfer', {
  recipient: bcs.address,
  amount: bcs.u64,
  memo: bcs.option(bcs.string),
});

export const example: Command = {
  summary: 'encode and decode the bundled example value (the main job of `npm start`)',
  usage: 'example',
  run(_args, io) {
    const value = { recipient: '0xb0', amount: 1000n, memo: 'hello' };
    const bytes = Transfer.encode(value);
    io.out(`bcs:     ${toHex(bytes)}`);
    const decoded = Transfer.decode(bytes);
    io.out(`decoded: ${JSON.stringify(decoded, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}`);
    return 0;
  },
};
