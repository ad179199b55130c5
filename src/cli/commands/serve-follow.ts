import { existsSync } from 'node:fs';
import { createLedgerClient } from '../../client/index.js';
import { createLedgerHandler, type LedgerHandlerOptions } from '../../http/index.js';
import { nodeSha3, readLedgerFile, writeLedgerFile } from '../../ledger/internal.js';
import { createFollower, isReplicaError, type StartAt } from '../../replica/index.js';
import { intOption, type Args, type OptionSpecs } from '../args.js';
import { CliError, type Io } from '../run.js';
import { listen, listenFlags } from './serve-listen.js';

// `ledger-bcs serve --follow URL`: a verifying read replica. Ingests the upstream's blocks (from
// --from-height, --from-oldest, or where --ledger FILE ends) and serves the interface over what it
// verified, as `serve` does (the same listening flags, request log and shutdown). SIGINT/SIGTERM:
// stop ingest, finish requests in flight, save --ledger FILE, exit 0.

export const FOLLOW_OPTIONS: OptionSpecs = {
  '--follow': { value: 'URL', help: 'serve a verifying replica of the node at URL' },
  '--from-height': { value: 'N', help: 'with --follow: start at block N' },
  '--from-oldest': { help: "with --follow: start at the upstream's oldest block" },
  '--concurrency': { value: 'N', help: 'with --follow: blocks fetched at once (default 8)' },
};

type HandlerExtras = Pick<LedgerHandlerOptions, 'abis' | 'cors'>;

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
  let client;
  try {
    client = createLedgerClient({ baseUrl: url, timeoutMs: 30_000 });
  } catch (e) {
    throw new CliError(`--follow: ${(e as Error).message}`);
  }
  const file = a.value('--ledger');
  const resume = file !== undefined && existsSync(file);
  if (resume && from !== undefined) throw new CliError('--ledger FILE exists: ingest resumes where it ends (drop --from-height/--from-oldest)');
  // The file's chain comes from its state; the upstream's is checked against it when following starts.
  const ledger = resume ? await readLedgerFile(file, { pruneWindow: o.pruneWindow }) : undefined;
  const follower = createFollower({ client, ledger, from, pruneWindow: o.pruneWindow, concurrency, sha3: nodeSha3, log: (l) => io.err(l) });
  try {
    await follower.start();
  } catch (e) {
    if (isReplicaError(e)) throw new CliError(`${e.code}: ${e.message}`);
    throw new CliError(`cannot start following ${url}: ${(e as Error).message}`);
  }
  const handler = createLedgerHandler({
    ...o.handler,
    source: follower.source,
    unhealthy: () => {
      const s = follower.status();
      return s.state === 'failed' ? `The replica stopped ingesting: ${s.error?.message ?? 'verification failed'}` : undefined;
    },
  });
  try {
    return await listen(flags, handler, io, {
      listening: (at) => {
        const s = follower.status();
        return `listening on ${at} (replica of ${url}, chain id ${s.chainId}, from block ${s.blockHeight})`;
      },
      stopping: () => follower.stop(),
      closed: async () => {
        if (file === undefined) return;
        await writeLedgerFile(file, follower.ledger);
        const s = follower.status();
        io.err(`saved ${file} (block ${s.blockHeight}, version ${s.ledgerVersion})`);
      },
    });
  } catch (e) {
    await follower.stop();
    throw e;
  }
}
