import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLedgerHandler } from '../../http/index.js';
import { createNodeServer, type NodeServerLimits } from '../../http/internal.js';
import { isLedgerError } from '../../ledger/index.js';
import { readLedgerFile } from '../../ledger/internal.js';
import type { LedgerInfo } from '../../records/index.js';
import { abiRegistry } from '../../submission/index.js';
import { intOption } from '../input.js';
import { CliError, type Command, type Io } from '../run.js';
import { loadAbiFiles } from './encode-submission.js';
import { serveFollow } from './serve-follow.js';
import { fullCollection, logLevel, requestLog, type LogLevel } from './serve-log.js';

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
  pruneWindow?: number;
  limits: NodeServerLimits;
  shutdownTimeoutMs: number;
  log: LogLevel;
}

/** After SIGTERM/SIGINT, connections still open this long are closed and serve exits 1 (default 10 s). */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

const MAX_MS = 2_147_483_647;

// The node adapter's limits by flag (defaults in src/http/node-server.ts).
const LIMIT_FLAGS: Record<string, keyof NodeServerLimits> = {
  '--headers-timeout-ms': 'headersTimeoutMs',
  '--request-timeout-ms': 'requestTimeoutMs',
  '--idle-timeout-ms': 'idleTimeoutMs',
  '--keep-alive-timeout-ms': 'keepAliveTimeoutMs',
  '--max-connections': 'maxConnections',
  '--max-header-bytes': 'maxHeaderBytes',
  '--max-buffered-bytes': 'maxBufferedBytes',
};

function parseFlags(args: string[]): ServeFlags {
  const flags: ServeFlags = { port: 8080, host: '127.0.0.1', chainId: 4, abiFiles: [], cors: [], limits: {}, shutdownTimeoutMs: DEFAULT_SHUTDOWN_TIMEOUT_MS, log: 'request' };
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
    else if (name === '--prune-window') flags.pruneWindow = intOption(name, value(), 1, Number.MAX_SAFE_INTEGER);
    else if (name === '--log') flags.log = logLevel(value());
    else if (name === '--shutdown-timeout-ms') flags.shutdownTimeoutMs = intOption(name, value(), 0, MAX_MS);
    else if (Object.hasOwn(LIMIT_FLAGS, name)) flags.limits[LIMIT_FLAGS[name]!] = intOption(name, value(), 1, MAX_MS);
    else throw new CliError(`unknown argument ${JSON.stringify(name)}; see ledger-bcs serve --help`);
  }
  return flags;
}

export const serveCommand: Command = {
  summary: 'serve the interface over HTTP until SIGINT/SIGTERM: all six endpoints over --ledger FILE, else encode_submission and the health check (serve --follow URL: a verifying replica, docs/replica.md)',
  usage:
    'serve [--ledger FILE [--prune-window N]] [--port 8080] [--host 127.0.0.1] [--chain-id 4] [--abi FILE]... ' +
    '[--cors ORIGIN|*]... [--log request|error|off] [--shutdown-timeout-ms 10000] [--headers-timeout-ms 30000] [--request-timeout-ms 60000] ' +
    '[--idle-timeout-ms 30000] [--keep-alive-timeout-ms 5000] [--max-connections 1024] [--max-header-bytes 16384] [--max-buffered-bytes 268435456]',
  async run(args, io) {
    if (args.some((a) => a === '--follow' || a.startsWith('--follow='))) return serveFollow(args, io);
    const flags = parseFlags(args);
    if (flags.pruneWindow !== undefined && flags.ledger === undefined) throw new CliError('--prune-window needs --ledger');
    // Without --abi the handler's own framework registry serves (and encodes synchronously).
    const abis = flags.abiFiles.length > 0 ? abiRegistry(loadAbiFiles(flags.abiFiles)) : undefined;
    const cors = flags.cors.length === 0 ? undefined : { origin: flags.cors.includes('*') ? ('*' as const) : flags.cors };
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

// Shutdown: stop accepting, let requests in flight finish (their responses close the connection),
// close idle keep-alive connections, then resolve with exit code 0. Connections still open after
// --shutdown-timeout-ms (a peer holding a half-sent request), or at a second signal, are closed
// and the exit code is 1.
function listen(flags: ServeFlags, handler: ReturnType<typeof createLedgerHandler>, io: Io): Promise<number> {
  return new Promise((resolve, reject) => {
    const active = new Set<ServerResponse>();
    const server = createNodeServer(handler, {
      ...flags.limits,
      onResponse: requestLog(flags.log, io),
      afterLoad: fullCollection(),
    });
    let closing = false;
    let forced = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const force = (why: string) => {
      if (forced) return;
      forced = true;
      io.err(`${why}: closing the connections still open`);
      server.closeAllConnections();
    };
    server.prependListener('request', (_req, res: ServerResponse) => {
      if (closing) res.setHeader('connection', 'close');
      active.add(res);
      res.once('close', () => active.delete(res));
    });
    const stop = (signal: string) => {
      if (closing) return force(`${signal} again`);
      closing = true;
      io.err(`${signal}: shutting down (${active.size} in flight)`);
      for (const res of active) if (!res.headersSent) res.setHeader('connection', 'close');
      server.close(() => {
        clearTimeout(deadline);
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
        io.err('stopped');
        resolve(forced ? 1 : 0);
      });
      server.closeIdleConnections();
      deadline = setTimeout(() => force(`shutdown deadline of ${flags.shutdownTimeoutMs} ms passed`), flags.shutdownTimeoutMs);
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    server.once('error', (e) => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      reject(new CliError(`cannot listen on ${flags.host}:${flags.port}: ${(e as Error).message}`));
    });
    server.listen(flags.port, flags.host, () => {
      const { port } = server.address() as AddressInfo;
      const host = flags.host.includes(':') ? `[${flags.host}]` : flags.host;
      io.err(`listening on http://${host}:${port} (chain id ${flags.chainId})`);
    });
  });
}
