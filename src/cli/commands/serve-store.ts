import type { LedgerHandler } from '../../http/index.js';
import { isLedgerError, type LedgerSource } from '../../ledger/index.js';
import { loadLedgerStore } from '../../ledger/internal.js';
import { CliError, type Io } from '../run.js';
import { listen, type ListenFlags } from './serve-listen.js';

// `ledger-bcs serve --store DIR`: the interface over a ledger store (opened, or created empty and
// refused until it holds a block). Nothing to save at shutdown: every block was committed as it came.

type LedgerStore = Awaited<ReturnType<Awaited<ReturnType<typeof loadLedgerStore>>['openLedgerStore']>>;

/** Opens (or creates) the store at `dir`; errors become one CLI line naming the store. */
export async function openStore(dir: string, options: { pruneWindow?: number; durability?: 'fsync' | 'relaxed' } = {}): Promise<LedgerStore> {
  try {
    const { openLedgerStore } = await loadLedgerStore();
    return await openLedgerStore(dir, options);
  } catch (e) {
    if (isLedgerError(e)) throw new CliError(`--store ${dir}: ${e.code}: ${e.message}`);
    throw new CliError(`--store ${dir}: ${(e as Error).message}`);
  }
}

export async function serveStore(flags: ListenFlags, dir: string, pruneWindow: number | undefined, handler: (source: LedgerSource) => LedgerHandler, io: Io): Promise<number> {
  const store = await openStore(dir, pruneWindow === undefined ? {} : { pruneWindow });
  if (store.isEmpty()) {
    await store.close();
    throw new CliError(`--store ${dir} holds no block yet: put a ledger file in it (ledger-bcs import FILE --store ${dir}) or follow an upstream into it (serve --follow URL --store ${dir})`);
  }
  const info = store.ledgerInfo();
  io.err(`store ${dir}: versions ${info.oldestLedgerVersion}..=${info.ledgerVersion}, blocks ${info.oldestBlockHeight}..=${info.blockHeight}`);
  return listen(flags, handler(store), io, { listening: (url) => `listening on ${url} (chain id ${info.chainId})`, closed: () => store.close() });
}
