import { existsSync } from 'node:fs';
import { fromHex } from '../../bcs/index.js';
import { createLedgerClient } from '../../client/index.js';
import { createLedgerHandler, forwardTo, type LedgerHandlerOptions } from '../../http/index.js';
import type { IngestingLedger, MemoryLedger } from '../../ledger/index.js';
import { nodeSha3, readLedgerFile, removeLeftoverTemps, writeLedgerFile } from '../../ledger/internal.js';
import { createFollower, isReplicaError, type Follower, type StartAt, type TrustPin } from '../../replica/index.js';
import { hashInWorker } from '../../replica/internal.js';
import { availableParallelism } from 'node:os';
import { intOption, type Args, type OptionSpecs } from '../args.js';
import { CliError, type Io } from '../run.js';
import { listen, listenFlags } from './serve-listen.js';
import { openStore } from './serve-store.js';

// `ledger-bcs serve --follow URL`: a read replica. Ingests the upstream's blocks (from --from-height,
// --from-oldest, or where --ledger FILE or --store DIR ends) and serves the interface over what it
// checked, as `serve` does (the same listening flags, request log and shutdown), into the memory
// ledger (saved to --ledger FILE at shutdown) or a store (--store DIR: each batch committed as it is
// ingested, nothing to save; restarted, it resumes where the store ends and, with the upstream
// away, serves what it has while it retries). Blocks are verified before they are stored and
// confirmed by the --witness nodes (what that proves, per mode: docs/replica.md). SIGINT/SIGTERM:
// stop ingest, finish requests in flight, save --ledger FILE, exit 0; a second signal ends at once.

const WITH_FOLLOW = 'With --follow URL';
export const FOLLOW_OPTIONS: OptionSpecs = {
  '--follow': { value: 'URL', help: 'serve a replica of the node at URL' },
  '--from-height': { value: 'N', group: WITH_FOLLOW, help: 'start at block N' },
  '--from-oldest': { group: WITH_FOLLOW, help: 'its oldest block' },
  '--concurrency': { value: 'N', group: WITH_FOLLOW, help: 'blocks at once, 8' },
  '--witness': { value: 'URL', repeat: true, group: WITH_FOLLOW, help: 'a node that must agree' },
  '--trust': { value: 'V:ROOT', repeat: true, group: WITH_FOLLOW, help: 'a known root' },
  '--allow-insecure': { group: WITH_FOLLOW, help: 'plain http to other hosts' },
};

/** Plain http to anything but this machine: answers anyone on the path could have edited. */
function insecure(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false; // the client refuses it, named
  }
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return u.protocol === 'http:' && !(host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host));
}

/** `VERSION:ROOT`, ROOT the accumulator root over versions 0..=VERSION (64 hex digits, 0x optional). */
function trustPin(v: string): TrustPin {
  const m = /^(\d{1,20}):(?:0x)?([0-9a-fA-F]{64})$/.exec(v);
  if (m === null || BigInt(m[1]!) > 0xffffffffffffffffn) throw new CliError(`--trust must be VERSION:ROOT (a u64 and 64 hex digits), got ${JSON.stringify(v)}`);
  return { version: BigInt(m[1]!), root: fromHex(m[2]!) };
}

type HandlerExtras = Pick<LedgerHandlerOptions, 'abis' | 'cors' | 'sha3' | 'transactionCacheBytes' | 'answerCacheBytes'>;

function startAt(a: Args): StartAt | undefined {
  const height = a.value('--from-height');
  if (height !== undefined && a.has('--from-oldest')) throw new CliError('--from-height and --from-oldest: one or the other');
  if (height !== undefined) return { height: BigInt(intOption('--from-height', height, 0, Number.MAX_SAFE_INTEGER)) };
  return a.has('--from-oldest') ? 'oldest' : undefined;
}

export async function serveFollow(a: Args, io: Io, o: { pruneWindow: number | undefined; handler: HandlerExtras }): Promise<number> {
  const url = a.value('--follow')!;
  const from = startAt(a);
  const concurrency = a.value('--concurrency') === undefined ? 8 : intOption('--concurrency', a.value('--concurrency')!, 1, 256);
  const flags = listenFlags(a);
  const witnessUrls = a.values('--witness');
  for (const [flag, u] of [['--follow', url] as const, ...witnessUrls.map((w) => ['--witness', w] as const)]) {
    if (!a.has('--allow-insecure') && insecure(u)) throw new CliError(`${flag} ${u}: plain http to another host can be edited on the way; use https, or --allow-insecure`);
  }
  const trust = a.values('--trust').map(trustPin);
  let client;
  try {
    client = createLedgerClient({ baseUrl: url, timeoutMs: 30_000 });
  } catch (e) {
    throw new CliError(`--follow: ${(e as Error).message}`);
  }
  let witnesses;
  try {
    witnesses = witnessUrls.map((w) => ({ name: w, client: createLedgerClient({ baseUrl: w, timeoutMs: 30_000 }) }));
  } catch (e) {
    throw new CliError(`--witness: ${(e as Error).message}`);
  }
  const file = a.value('--ledger');
  const storeDir = a.value('--store');
  if (file !== undefined && storeDir !== undefined) throw new CliError('--ledger FILE or --store DIR: one or the other');
  const store = storeDir === undefined ? undefined : await openStore(storeDir, o.pruneWindow === undefined ? {} : { pruneWindow: o.pruneWindow });
  const resume = store !== undefined ? !store.isEmpty() : file !== undefined && existsSync(file);
  if (resume && from !== undefined) throw new CliError(`${store ? `--store ${storeDir}` : '--ledger FILE'} holds blocks: ingest resumes where it ends (drop --from-height/--from-oldest)`);
  if (file !== undefined && !resume) removeLeftoverTemps(file);
  // The file's or store's chain comes from its state; the upstream's is checked against it when following starts.
  const ledger: IngestingLedger | undefined = store !== undefined ? (resume ? store : undefined) : resume ? await readLedgerFile(file!, { pruneWindow: o.pruneWindow }) : undefined;
  const follower: Follower<IngestingLedger> = createFollower<IngestingLedger>({
    client,
    ledger,
    ...(store && {
      createLedger: (_options, base) => {
        if (base !== undefined) store.startAt(base);
        return store;
      },
    }),
    from,
    pruneWindow: o.pruneWindow,
    concurrency,
    sha3: nodeSha3,
    // The hash checks in a worker thread where there are cores to spare (docs/replica.md, "Sizing the window").
    hasher: hashWhere(),
    witnesses,
    trust,
    log: (l) => io.err(l),
  });
  try {
    await follower.start();
  } catch (e) {
    await store?.close();
    if (isReplicaError(e)) throw new CliError(`${e.code}: ${e.message}`);
    throw new CliError(`cannot start following ${url}: ${(e as Error).message}`);
  }
  const handler = createLedgerHandler({
    ...o.handler,
    source: follower.source,
    // Submissions, simulations and view calls need the node's mempool or VM: passed to it unchanged.
    forward: forwardTo(url),
    unhealthy: () => unhealthy(follower),
    healthNote: () => follower.status().verification.description,
  });
  try {
    return await listen(flags, handler, io, {
      listening: (at) => {
        const s = follower.status();
        return `listening on ${at} (replica of ${url}, chain id ${s.chainId}, from block ${s.blockHeight}, ${s.verification.description})`;
      },
      stopping: () => follower.stop(),
      closed: async () => {
        const s = follower.status();
        if (store !== undefined) {
          await store.close();
          io.err(`store ${storeDir} at block ${s.blockHeight}, version ${s.ledgerVersion}: nothing to save`);
        } else if (file !== undefined) {
          await writeLedgerFile(file, follower.ledger as MemoryLedger);
          io.err(`saved ${file} (block ${s.blockHeight}, version ${s.ledgerVersion})`);
        }
      },
    });
  } catch (e) {
    await follower.stop();
    await store?.close();
    throw e;
  }
}

/** The health check's failure, if any: ingest stopped for good, or the upstream away (with the lag as last seen). */
function unhealthy(follower: Follower<IngestingLedger>): string | undefined {
  const s = follower.status();
  if (s.state === 'failed') return `The replica (${s.verification.description}) refused the upstream's next block: ${s.error?.message ?? 'verification failed'}`;
  if (s.state === 'retrying' && s.lastUpstreamError !== undefined) {
    const behind = s.upstreamHeight !== undefined && s.blockHeight !== undefined ? `${s.upstreamHeight - s.blockHeight} blocks behind the upstream's height as last seen (${s.upstreamHeight})` : "the upstream's height not seen yet";
    return `The replica cannot reach its upstream (${s.lastUpstreamError}); it serves up to block ${s.blockHeight}, ${behind}, and keeps retrying`;
  }
  return undefined;
}

/**
 * Where the follower hashes: in a worker thread with three cores or more, in the main thread on two
 * or fewer. Measured (bench/replica/catch-up.mjs --hasher both, 2 cores): the worker halves the main
 * thread's CPU a transaction but adds ~9 % to the process's (the bytes copied to it, its own
 * collections); with the upstream and LMDB's commits on the same two cores, the total is what bounds
 * catch-up there, so the worker pays only where a core would otherwise idle.
 */
export function hashWhere(cores = availableParallelism()): typeof hashInWorker | undefined {
  return cores >= 3 ? hashInWorker : undefined;
}
