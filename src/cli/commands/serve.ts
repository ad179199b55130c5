import { createLedgerHandler } from '../../http/index.js';
import type { NodeServerLimits } from '../../http/internal.js';
import { isLedgerError } from '../../ledger/index.js';
import { readLedgerFile } from '../../ledger/internal.js';
import type { LedgerInfo } from '../../records/index.js';
import { abiRegistry } from '../../submission/index.js';
import { intOption } from '../input.js';
import { CliError, type Command, type Io } from '../run.js';
import { loadAbiFiles } from './encode-submission.js';
import { serveFollow } from './serve-follow.js';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, LIMIT_FLAGS, listen, MAX_MS } from './listen.js';
import { serveStore } from './serve-store.js';

// `ledger-bcs serve`: on node:http, all six endpoints over a ledger file (--ledger, loaded into the
// memory ledger), or without one encode_submission and the health check over a fixed ledger
// (version 0, the given chain id, the wall clock as its timestamp, so it is always healthy).

interface ServeFlags {
  port: number;
  host: string;
  chainId: number;
  abiFiles: string[];
  cors: string[];
  ledger?: string;
  store?: string;
  pruneWindow?: number;
  limits: NodeServerLimits;
  shutdownTimeoutMs: number;
}


function parseFlags(args: string[]): ServeFlags {
  const flags: ServeFlags = { port: 8080, host: '127.0.0.1', chainId: 4, abiFiles: [], cors: [], limits: {}, shutdownTimeoutMs: DEFAULT_SHUTDOWN_TIMEOUT_MS };
  for (let i = 0; i < args.length; i++) {
    // `--name=value` arrives as `--name value` (runCommand's splitFlagValues).
    const name = args[i]!;
    const value = (): string => {
      const v = args[++i];
      if (v === undefined) throw new CliError(`${name} needs a value`);
      return v;
    };
    if (name === '--port') flags.port = intOption(name, value(), 0, 65535);
    else if (name === '--host') flags.host = value();
    else if (name === '--chain-id') flags.chainId = intOption(name, value(), 0, 255);
    else if (name === '--abi') flags.abiFiles.push(value());
    else if (name === '--cors') flags.cors.push(value());
    else if (name === '--ledger') flags.ledger = value();
    else if (name === '--store') flags.store = value();
    else if (name === '--prune-window') flags.pruneWindow = intOption(name, value(), 1, Number.MAX_SAFE_INTEGER);
    else if (name === '--shutdown-timeout-ms') flags.shutdownTimeoutMs = intOption(name, value(), 0, MAX_MS);
    else if (Object.hasOwn(LIMIT_FLAGS, name)) flags.limits[LIMIT_FLAGS[name]!] = intOption(name, value(), 1, MAX_MS);
    else throw new CliError(`unknown argument ${JSON.stringify(name)}; see ledger-bcs serve --help`);
  }
  return flags;
}

export const serveCommand: Command = {
  summary: 'serve the interface over HTTP until SIGINT/SIGTERM: all six endpoints over --ledger FILE or a ledger store (--store DIR), else encode_submission and the health check (serve --follow URL: a verifying replica, docs/replica.md)',
  usage:
    'serve [--ledger FILE | --store DIR] [--prune-window N] [--port 8080] [--host 127.0.0.1] [--chain-id 4] [--abi FILE]... ' +
    '[--cors ORIGIN|*]... [--shutdown-timeout-ms 10000] [--headers-timeout-ms 30000] [--request-timeout-ms 60000] ' +
    '[--idle-timeout-ms 30000] [--keep-alive-timeout-ms 5000] [--max-connections 1024] [--max-header-bytes 16384]',
  async run(args, io) {
    if (args.some((a) => a === '--follow' || a.startsWith('--follow='))) return serveFollow(args, io);
    const flags = parseFlags(args);
    if (flags.pruneWindow !== undefined && flags.ledger === undefined && flags.store === undefined) throw new CliError('--prune-window needs --ledger or --store');
    if (flags.ledger !== undefined && flags.store !== undefined) throw new CliError('--ledger FILE or --store DIR: one or the other (ledger-bcs import FILE --store DIR puts a file in a store)');
    // Without --abi the handler's own framework registry serves (and encodes synchronously).
    const abis = flags.abiFiles.length > 0 ? abiRegistry(loadAbiFiles(flags.abiFiles)) : undefined;
    const cors = flags.cors.length === 0 ? undefined : { origin: flags.cors.includes('*') ? ('*' as const) : flags.cors };
    if (flags.store !== undefined) return serveStore(flags, flags.store, (source) => createLedgerHandler({ source, ...(abis && { abis }), ...(cors && { cors }) }), io);
    if (flags.ledger !== undefined) {
      const source = await loadLedger(flags.ledger, flags.pruneWindow);
      const info = source.ledgerInfo();
      io.err(`ledger ${flags.ledger}: versions ${info.oldestLedgerVersion}..=${info.ledgerVersion}, blocks ${info.oldestBlockHeight}..=${info.blockHeight}`);
      flags.chainId = info.chainId;
      return listen(flags, createLedgerHandler({ source, ...(abis && { abis }), ...(cors && { cors }) }), io);
    }
    const ledgerInfo = (): LedgerInfo => ({
      chainId: flags.chainId,
      ledgerVersion: 0n,
      oldestLedgerVersion: 0n,
      ledgerTimestampUsec: BigInt(Date.now()) * 1000n,
      epoch: 0n,
      blockHeight: 0n,
      oldestBlockHeight: 0n,
    });
    return listen(flags, createLedgerHandler({ ledgerInfo, ...(abis && { abis }), ...(cors && { cors }) }), io);
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
