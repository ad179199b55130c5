import { isLedgerError } from '../../ledger/index.js';
import { loadLedgerStore } from '../../ledger/internal.js';
import { CliError, type Command } from '../run.js';
import { openStore } from './serve-store.js';

// `ledger-bcs import FILE --store DIR` and `export --store DIR FILE`: ledger files in and out of a
// ledger store. JSON on stdout: what was moved and where the store stands.

function parse(args: string[], usage: string): { file: string; store: string; pruneWindow?: number } {
  let file: string | undefined;
  let store: string | undefined;
  let pruneWindow: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new CliError(`${a} needs a value`);
      return v;
    };
    if (a === '--store') store = value();
    else if (a === '--prune-window') {
      const v = value();
      if (!/^\d{1,16}$/.test(v) || Number(v) < 1) throw new CliError(`--prune-window must be a positive integer of versions, got ${JSON.stringify(v)}`);
      pruneWindow = Number(v);
    } else if (a.startsWith('--')) throw new CliError(`unknown argument ${JSON.stringify(a)}; usage: ledger-bcs ${usage}`);
    else if (file === undefined) file = a;
    else throw new CliError(`one FILE only; usage: ledger-bcs ${usage}`);
  }
  if (file === undefined || store === undefined) throw new CliError(`usage: ledger-bcs ${usage}`);
  return { file, store, ...(pruneWindow !== undefined && { pruneWindow }) };
}

const named = (what: string, e: unknown): never => {
  if (isLedgerError(e)) throw new CliError(`${what}: ${e.code}: ${e.message}`);
  if (e instanceof CliError) throw e;
  throw new CliError(`${what}: ${(e as Error).message}`);
};

const IMPORT_USAGE = 'import FILE --store DIR [--prune-window N]';
export const importCommand: Command = {
  summary: 'put a ledger file in a ledger store (created if need be; a store that holds blocks takes the ones after its last), every block checked',
  usage: IMPORT_USAGE,
  async run(args, io) {
    const f = parse(args, IMPORT_USAGE);
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

const EXPORT_USAGE = 'export --store DIR FILE';
export const exportCommand: Command = {
  summary: 'write the blocks a ledger store holds (and the state before them) as a ledger file, durably',
  usage: EXPORT_USAGE,
  async run(args, io) {
    const f = parse(args, EXPORT_USAGE);
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
