import { createLedgerHandler } from '../../http/index.js';
import { isLedgerError } from '../../ledger/index.js';
import { nodeSha3, readLedgerFile } from '../../ledger/internal.js';
import type { LedgerInfo } from '../../records/index.js';
import { abiRegistry } from '../../submission/index.js';
import { chainIdOption, intOption, type OptionSpecs } from '../args.js';
import { CliError, type Command } from '../run.js';
import { ABI_OPTION, loadAbiFiles } from './encode-submission.js';
import { FOLLOW_OPTIONS, serveFollow } from './serve-follow.js';
import { LIMITS, LISTEN_OPTIONS, listen, listenFlags } from './serve-listen.js';
import { serveStore } from './serve-store.js';

// `ledger-bcs serve`: on node:http, the interface over a ledger file (--ledger, loaded into the
// memory ledger) or a ledger store (--store DIR, serve-store.ts), or without either
// encode_submission and the health check over a fixed ledger (version 0, the given chain id, the
// wall clock as its timestamp, so it is always healthy), or with --follow URL a replica of another
// node (serve-follow.ts).

const SERVE_OPTIONS: OptionSpecs = {
  '--ledger': { value: 'FILE', help: 'serve this ledger file (--follow: resume, save)' },
  '--store': { value: 'DIR', help: 'serve this ledger store (--follow: resume, commit)' },
  '--chain-id': { value: 'N', help: 'the chain id without --ledger (default 4)' },
  '--abi': ABI_OPTION,
  '--cors': { value: 'ORIGIN', repeat: true, help: 'allow browser calls from ORIGIN (* for any)' },
  // Memory bounds, with the listener's limits: the versions kept, the rendered JSON and answers kept.
  '--transaction-cache-mib': { value: 'N', group: LIMITS, help: 'MiB, 64' },
  '--answer-cache-mib': { value: 'N', group: LIMITS, help: 'MiB, 16' },
  '--prune-window': { value: 'N', group: LIMITS, help: 'versions kept, all' },
};

export const serveCommand: Command = {
  summary: 'serve the interface over HTTP; --follow URL: a replica',
  description:
    'Serve the interface over --ledger FILE, --store DIR or --follow URL.',
  args: '',
  positionals: [0, 0],
  options: { ...SERVE_OPTIONS, ...FOLLOW_OPTIONS, ...LISTEN_OPTIONS },
  async run(a, io) {
    const abis = a.has('--abi') ? abiRegistry(loadAbiFiles(a.values('--abi'))) : undefined;
    const origins = a.values('--cors');
    const cors = origins.length === 0 ? undefined : { origin: origins.includes('*') ? ('*' as const) : origins };
    const cacheMib = a.value('--transaction-cache-mib');
    const answerMib = a.value('--answer-cache-mib');
    // Node's own sha3 for the state-key hashes of rendered transactions; the rendered texts kept.
    const rendering = {
      sha3: nodeSha3,
      ...(cacheMib !== undefined && { transactionCacheBytes: intOption('--transaction-cache-mib', cacheMib, 0, 1 << 20) * 1024 * 1024 }),
      ...(answerMib !== undefined && { answerCacheBytes: intOption('--answer-cache-mib', answerMib, 0, 1 << 20) * 1024 * 1024 }),
    };
    const pruneWindow = a.value('--prune-window') === undefined ? undefined : intOption('--prune-window', a.value('--prune-window')!, 1, Number.MAX_SAFE_INTEGER);
    if (a.has('--follow')) {
      if (a.has('--chain-id')) throw new CliError('--chain-id: with --follow the chain is the upstream node\'s');
      return serveFollow(a, io, { pruneWindow, handler: { ...rendering, ...(abis && { abis }), ...(cors && { cors }) } });
    }
    for (const flag of Object.keys(FOLLOW_OPTIONS)) if (a.has(flag)) throw new CliError(`${flag} needs --follow URL`);
    const ledgerFile = a.value('--ledger');
    const storeDir = a.value('--store');
    if (ledgerFile !== undefined && storeDir !== undefined) throw new CliError('--ledger FILE or --store DIR: one or the other');
    if (pruneWindow !== undefined && ledgerFile === undefined && storeDir === undefined) throw new CliError('--prune-window needs --ledger, --store or --follow');
    const flags = listenFlags(a);
    // Without --abi the handler's own framework registry serves (and encodes synchronously).
    const options = { ...rendering, ...(abis && { abis }), ...(cors && { cors }) };
    if (storeDir !== undefined) {
      if (a.has('--chain-id')) throw new CliError("--chain-id: with --store the chain is the store's");
      return serveStore(flags, storeDir, pruneWindow, (source) => createLedgerHandler({ source, ...options }), io);
    }
    if (ledgerFile !== undefined) {
      if (a.has('--chain-id')) throw new CliError('--chain-id: with --ledger the chain is the ledger file\'s');
      const source = await loadLedger(ledgerFile, pruneWindow);
      const info = source.ledgerInfo();
      io.err(`ledger ${ledgerFile}: versions ${info.oldestLedgerVersion}..=${info.ledgerVersion}, blocks ${info.oldestBlockHeight}..=${info.blockHeight}`);
      return listen(flags, createLedgerHandler({ source, ...options }), io, { listening: (url) => `listening on ${url} (chain id ${info.chainId})` });
    }
    const chainId = chainIdOption(a) ?? 4;
    const ledgerInfo = (): LedgerInfo => ({
      chainId,
      ledgerVersion: 0n,
      oldestLedgerVersion: 0n,
      ledgerTimestampUsec: BigInt(Date.now()) * 1000n,
      epoch: 0n,
      blockHeight: 0n,
      oldestBlockHeight: 0n,
    });
    return listen(flags, createLedgerHandler({ ledgerInfo, ...options }), io, { listening: (url) => `listening on ${url} (chain id ${chainId})` });
  },
};

async function loadLedger(file: string, pruneWindow: number | undefined) {
  try {
    return await readLedgerFile(file, pruneWindow === undefined ? {} : { pruneWindow });
  } catch (e) {
    if (isLedgerError(e)) throw new CliError(`--ledger ${file}: ${e.code}: ${e.message}`);
    throw new CliError(`--ledger ${file}: ${(e as Error).message}`);
  }
}

