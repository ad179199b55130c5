import { readFileSync } from 'node:fs';
import { fromHex } from '../../src/bcs/index.js';
import { bcsBlock, type BcsBlock } from '../../src/records/index.js';

/** The golden block with a user transaction, its entry function's arguments replaced by `args`. */
export function blockWithArgs(args: Uint8Array[]): Uint8Array {
  const golden = (JSON.parse(readFileSync(new URL('../../fixtures/records/golden.json', import.meta.url), 'utf8')) as { vectors: { name: string; bcs: string }[] }).vectors;
  const block = bcsBlock.schema.decode(fromHex(golden.find((v) => v.name.includes('metadata-ext'))!.bcs)) as BcsBlock;
  const user = block.transactions!.find((t) => t.transaction.$kind === 'UserTransaction')!;
  const payload = (user.transaction as { value: { rawTxn: { payload: { value: { args: Uint8Array[] } } } } }).value.rawTxn.payload;
  payload.value.args = args;
  return bcsBlock.schema.encode(block);
}

/** The message `f` throws ('' when it returns). */
export function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  return '';
}

/** What `p` rejects with (an error when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

/** uleb128 of `n`, as bytes. */
export const uleb = (n: number): number[] => (n < 0x80 ? [n] : [(n & 0x7f) | 0x80, ...uleb(Math.floor(n / 128))]);
