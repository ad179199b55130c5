import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createLedgerClient } from '../../client/index.js';
import { createLedgerHandler } from '../../http/index.js';
import { createNodeServer } from '../../http/internal.js';
import { nodeSha3, readLedgerFile, writeLedgerFile } from '../../ledger/internal.js';
import { createFollower, isReplicaError, type StartAt } from '../../replica/index.js';
import { CliError, type Io } from '../run.js';
import { fullCollection, logLevel, requestLog, type LogLevel } from './serve-log.js';

// `ledger-bcs serve --follow URL`: a verifying read replica. Ingests the upstream's blocks (from
// --from-height, --from-oldest, or where --ledger FILE ends) and serves the interface over what it
// verified. SIGINT/SIGTERM: stop ingest, finish requests in flight, save --ledger FILE, exit 0.

const FOLLOW_USAGE = 'serve --follow URL [--from-height N | --from-oldest] [--ledger FILE] [--prune-window N] [--concurrency 8] [--port 8080] [--host 127.0.0.1] [--log request|error|off]';

interface FollowFlags {
  url: string;
  port: number;
  host: string;
  from: StartAt | undefined;
  ledgerFile: string | undefined;
  pruneWindow: number | undefined;
  concurrency: number;
  log: LogLevel;
}

const WITH_VALUE = new Set(['--follow', '--port', '--host', '--from-height', '--ledger', '--prune-window', '--concurrency', '--log']);

function parse(args: string[]): FollowFlags {
  const given = new Map<string, string>();
  let oldest = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (arg === '--from-oldest') oldest = true;
    else if (!WITH_VALUE.has(name)) throw new CliError(`unknown argument ${JSON.stringify(arg)}; usage: ledger-bcs ${FOLLOW_USAGE}`);
    else {
      const v = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (v === undefined) throw new CliError(`${name} needs a value`);
      given.set(name, v);
    }
  }
  const int = (name: string, min: number, max: number): number | undefined => {
    const v = given.get(name);
    if (v === undefined) return undefined;
    if (!/^\d{1,16}$/.test(v) || Number(v) < min || Number(v) > max) throw new CliError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
    return Number(v);
  };
  const url = given.get('--follow');
  if (!url) throw new CliError('--follow needs the upstream URL');
  const height = int('--from-height', 0, Number.MAX_SAFE_INTEGER);
  if (oldest && height !== undefined) throw new CliError('--from-height and --from-oldest: one or the other');
  return {
    url,
    port: int('--port', 0, 65535) ?? 8080,
    host: given.get('--host') ?? '127.0.0.1',
    from: height !== undefined ? { height: BigInt(height) } : oldest ? 'oldest' : undefined,
    ledgerFile: given.get('--ledger'),
    pruneWindow: int('--prune-window', 1, Number.MAX_SAFE_INTEGER),
    concurrency: int('--concurrency', 1, 256) ?? 8,
    log: logLevel(given.get('--log') ?? 'request'),
  };
}

export async function serveFollow(args: string[], io: Io): Promise<number> {
  const flags = parse(args);
  let client;
  try {
    client = createLedgerClient({ baseUrl: flags.url, timeoutMs: 30_000 });
  } catch (e) {
    throw new CliError(`--follow: ${(e as Error).message}`);
  }
  const file = flags.ledgerFile;
  const resume = file !== undefined && existsSync(file);
  if (resume && flags.from !== undefined) throw new CliError('--ledger FILE exists: ingest resumes where it ends (drop --from-height/--from-oldest)');
  // The file's chain comes from its state; the upstream's is checked against it when following starts.
  const ledger = resume ? await readLedgerFile(file, { pruneWindow: flags.pruneWindow }) : undefined;
  const follower = createFollower({ client, ledger, from: flags.from, pruneWindow: flags.pruneWindow, concurrency: flags.concurrency, sha3: nodeSha3, log: (l) => io.err(l) });
  try {
    await follower.start();
  } catch (e) {
    if (isReplicaError(e)) throw new CliError(`${e.code}: ${e.message}`);
    throw new CliError(`cannot start following ${flags.url}: ${(e as Error).message}`);
  }
  const handler = createLedgerHandler({
    source: follower.source,
    unhealthy: () => {
      const s = follower.status();
      return s.state === 'failed' ? `The replica stopped ingesting: ${s.error?.message ?? 'verification failed'}` : undefined;
    },
  });
  const server = createNodeServer(handler, { onResponse: requestLog(flags.log, io), afterLoad: fullCollection() });
  return new Promise((resolve, reject) => {
    let closing = false;
    const stop = (signal: string) => {
      if (closing) return;
      closing = true;
      io.err(`${signal}: shutting down`);
      void follower.stop().then(async () => {
        server.closeIdleConnections();
        await new Promise<void>((r) => server.close(() => r()));
        if (file !== undefined) {
          await writeLedgerFile(file, follower.ledger);
          const s = follower.status();
          io.err(`saved ${file} (block ${s.blockHeight}, version ${s.ledgerVersion})`);
        }
        unlisten();
        io.err('stopped');
        resolve(0);
      }, reject);
    };
    const signals = (['SIGINT', 'SIGTERM'] as const).map((sig) => [sig, () => stop(sig)] as const);
    for (const [sig, h] of signals) process.on(sig, h);
    const unlisten = () => signals.forEach(([sig, h]) => process.off(sig, h));
    server.once('error', (e) => {
      unlisten();
      void follower.stop();
      reject(new CliError(`cannot listen on ${flags.host}:${flags.port}: ${(e as Error).message}`));
    });
    server.listen(flags.port, flags.host, () => {
      const { port } = server.address() as AddressInfo;
      const host = flags.host.includes(':') ? `[${flags.host}]` : flags.host;
      const s = follower.status();
      io.err(`listening on http://${host}:${port} (replica of ${flags.url}, chain id ${s.chainId}, from block ${s.blockHeight})`);
    });
  });
}
