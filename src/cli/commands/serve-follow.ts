import { existsSync } from 'node:fs';
import { createLedgerClient } from '../../client/index.js';
import { createLedgerHandler } from '../../http/index.js';
import type { NodeServerLimits } from '../../http/internal.js';
import type { IngestingLedger, MemoryLedger } from '../../ledger/index.js';
import { nodeSha3, readLedgerFile, removeLeftoverTemps, writeLedgerFile } from '../../ledger/internal.js';
import { createFollower, isReplicaError, type Follower, type StartAt } from '../../replica/index.js';
import { CliError, type Io } from '../run.js';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS, LIMIT_FLAGS, listen, MAX_MS } from './listen.js';
import { openStore } from './serve-store.js';

// `ledger-bcs serve --follow URL`: a verifying read replica. Ingests the upstream's blocks (from
// --from-height, --from-oldest, or where --ledger FILE ends) and serves the interface over what it
// verified, into the memory ledger (saved to --ledger FILE at shutdown) or a store (--store DIR: each
// batch committed as it is ingested, nothing to save; restarted, it resumes where the store ends and,
// with the upstream away, serves what it has while it retries). SIGINT/SIGTERM: stop ingest, finish
// requests in flight (until --shutdown-timeout-ms), save --ledger FILE, exit 0; a second signal ends
// at once.

const FOLLOW_USAGE =
  'serve --follow URL [--from-height N | --from-oldest] [--ledger FILE | --store DIR] [--prune-window N] [--concurrency 8] [--port 8080] [--host 127.0.0.1] ' +
  '[--shutdown-timeout-ms 10000] [--headers-timeout-ms 30000] [--request-timeout-ms 60000] [--idle-timeout-ms 30000] [--keep-alive-timeout-ms 5000] [--max-connections 1024] [--max-header-bytes 16384]';

interface FollowFlags {
  url: string;
  port: number;
  host: string;
  from: StartAt | undefined;
  ledgerFile: string | undefined;
  store: string | undefined;
  pruneWindow: number | undefined;
  concurrency: number;
  limits: NodeServerLimits;
  shutdownTimeoutMs: number;
}

const WITH_VALUE = new Set(['--follow', '--port', '--host', '--from-height', '--ledger', '--store', '--prune-window', '--concurrency', '--shutdown-timeout-ms', ...Object.keys(LIMIT_FLAGS)]);

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
  if (given.has('--ledger') && given.has('--store')) throw new CliError('--ledger FILE or --store DIR: one or the other');
  const limits: NodeServerLimits = {};
  for (const [flag, key] of Object.entries(LIMIT_FLAGS)) {
    const v = int(flag, 1, MAX_MS);
    if (v !== undefined) limits[key] = v;
  }
  return {
    url,
    port: int('--port', 0, 65535) ?? 8080,
    host: given.get('--host') ?? '127.0.0.1',
    from: height !== undefined ? { height: BigInt(height) } : oldest ? 'oldest' : undefined,
    ledgerFile: given.get('--ledger'),
    store: given.get('--store'),
    limits,
    shutdownTimeoutMs: int('--shutdown-timeout-ms', 0, MAX_MS) ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
    pruneWindow: int('--prune-window', 1, Number.MAX_SAFE_INTEGER),
    concurrency: int('--concurrency', 1, 256) ?? 8,
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
  const store = flags.store === undefined ? undefined : await openStore(flags.store, { pruneWindow: flags.pruneWindow });
  const resume = store !== undefined ? !store.isEmpty() : file !== undefined && existsSync(file);
  if (resume && flags.from !== undefined) throw new CliError(`${store ? `--store ${flags.store}` : '--ledger FILE'} holds blocks: ingest resumes where it ends (drop --from-height/--from-oldest)`);
  if (file !== undefined && !resume) removeLeftoverTemps(file);
  // The file's chain comes from its state; the upstream's is checked against it when following starts.
  const ledger: IngestingLedger | undefined = store !== undefined ? (resume ? store : undefined) : resume ? await readLedgerFile(file!, { pruneWindow: flags.pruneWindow }) : undefined;
  const follower: Follower<IngestingLedger> = createFollower<IngestingLedger>({
    client,
    ledger,
    ...(store && {
      createLedger: (_options, base) => {
        if (base !== undefined) store.startAt(base);
        return store;
      },
    }),
    from: flags.from,
    pruneWindow: flags.pruneWindow,
    concurrency: flags.concurrency,
    sha3: nodeSha3,
    log: (l) => io.err(l),
  });
  try {
    await follower.start();
  } catch (e) {
    await store?.close();
    if (isReplicaError(e)) throw new CliError(`${e.code}: ${e.message}`);
    throw new CliError(`cannot start following ${flags.url}: ${(e as Error).message}`);
  }
  const handler = createLedgerHandler({ source: follower.source, unhealthy: () => unhealthy(follower) });
  return listen({ ...flags, chainId: follower.status().chainId }, handler, io, {
    banner: (url) => {
      const s = follower.status();
      return `listening on ${url} (replica of ${flags.url}, chain id ${s.chainId}, from block ${s.blockHeight})`;
    },
    onStop: () => follower.stop(),
    onClosed: async () => {
      if (store !== undefined) {
        await store.close();
        const s = follower.status();
        io.err(`store ${flags.store} at block ${s.blockHeight}, version ${s.ledgerVersion}: nothing to save`);
      } else if (file !== undefined) {
        await writeLedgerFile(file, follower.ledger as MemoryLedger);
        const s = follower.status();
        io.err(`saved ${file} (block ${s.blockHeight}, version ${s.ledgerVersion})`);
      }
    },
  });
}

/** The health check's failure, if any: ingest stopped for good, or the upstream away (with the lag as last seen). */
function unhealthy(follower: Follower<IngestingLedger>): string | undefined {
  const s = follower.status();
  if (s.state === 'failed') return `The replica stopped ingesting: ${s.error?.message ?? 'verification failed'}`;
  if (s.state === 'retrying' && s.lastUpstreamError !== undefined) {
    const behind = s.upstreamHeight !== undefined && s.blockHeight !== undefined ? `${s.upstreamHeight - s.blockHeight} blocks behind the upstream's height as last seen (${s.upstreamHeight})` : "the upstream's height not seen yet";
    return `The replica cannot reach its upstream (${s.lastUpstreamError}); it serves up to block ${s.blockHeight}, ${behind}, and keeps retrying`;
  }
  return undefined;
}
