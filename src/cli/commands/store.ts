import { isLedgerError } from '../../ledger/index.js';
import { loadLedgerStore } from '../../ledger/internal.js';
import { intOption, type Args } from '../args.js';
import { CliError, type Command } from '../run.js';
import { openStore } from './serve-store.js';

// `ledger-bcs import FILE --store DIR` and `export --store DIR FILE`: ledger files in and out of a
// ledger store. JSON on stdout: what was moved and where the store stands.

const named = (what: string, e: unknown): never => {
  if (isLedgerError(e)) throw new CliError(`${what}: ${e.code}: ${e.message}`);
  if (e instanceof CliError) throw e;
  throw new CliError(`${what}: ${(e as Error).message}`);
};

const STORE_OPTION = { '--store': { value: 'DIR', help: 'the ledger store (a directory)' } };

function storeOf(a: Args): string {
  const store = a.value('--store');
  if (store === undefined) throw new CliError('--store DIR is required');
  return store;
}

export const importCommand: Command = {
  summary: 'put a ledger file in a ledger store, every block checked',
  description: 'Put the blocks of a ledger file in a ledger store (created if need be; a store that holds blocks takes the ones after its last), every block checked.',
  args: 'FILE',
  positionals: [1, 1],
  options: { ...STORE_OPTION, '--prune-window': { value: 'N', help: 'keep only the newest N versions' } },
  async run(a, io) {
    const pruneWindow = a.value('--prune-window') === undefined ? undefined : intOption('--prune-window', a.value('--prune-window')!, 1, Number.MAX_SAFE_INTEGER);
    const f = { file: a.positionals[0]!, store: storeOf(a), pruneWindow };
    const store = await openStore(f.store, { ...(f.pruneWindow !== undefined && { pruneWindow: f.pruneWindow }) });
    try {
      const { importLedgerFile } = await loadLedgerStore();
      const r = await importLedgerFile(store, f.file).catch((e: unknown) => named(f.file, e));
      const info = store.ledgerInfo();
      io.out(JSON.stringify({ imported: { blocks: r.blocks, transactions: r.transactions }, store: f.store, blockHeight: String(info.blockHeight), ledgerVersion: String(info.ledgerVersion), oldestLedgerVersion: String(info.oldestLedgerVersion) }));
      return 0;
    } finally {
      await store.close();
    }
  },
};

export const exportCommand: Command = {
  summary: 'write a ledger store out as a ledger file, durably',
  description: 'Write the blocks a ledger store holds (and the state before them) as a ledger file, durably (a temporary file, fsynced, renamed).',
  args: 'FILE',
  positionals: [1, 1],
  options: STORE_OPTION,
  async run(a, io) {
    const f = { file: a.positionals[0]!, store: storeOf(a) };
    const store = await openStore(f.store);
    try {
      const { exportLedgerFile } = await loadLedgerStore();
      const r = await exportLedgerFile(store, f.file).catch((e: unknown) => named(`--store ${f.store}`, e));
      const info = store.ledgerInfo();
      io.out(JSON.stringify({ exported: { blocks: r.blocks, bytes: r.bytes }, file: f.file, blockHeight: String(info.blockHeight), ledgerVersion: String(info.ledgerVersion) }));
      return 0;
    } finally {
      await store.close();
    }
  },
};
