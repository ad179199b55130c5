import { readFileSync } from 'node:fs';
import { bcsBlock, fromHex, type BcsBlock } from '../../src/index.js';

/** The golden block with a user transaction, its entry function's arguments replaced by `args`. */
export function blockWithArgs(args: Uint8Array[]): Uint8Array {
  const golden = (JSON.parse(readFileSync(new URL('../../fixtures/records/golden.json', import.meta.url), 'utf8')) as { vectors: { name: string; bcs: string }[] }).vectors;
  const block = bcsBlock.schema.decode(fromHex(golden.find((v) => v.name.includes('metadata-ext'))!.bcs)) as BcsBlock;
  const user = block.transactions!.find((t) => t.transaction.$kind === 'UserTransaction')!;
  const payload = (user.transaction as { value: { rawTxn: { payload: { value: { args: Uint8Array[] } } } } }).value.rawTxn.payload;
  payload.value.args = args;
  return bcsBlock.schema.encode(block);
}
