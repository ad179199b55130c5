import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LedgerHandler } from '../../http/index.js';
import { createNodeServer, type NodeServerLimits } from '../../http/internal.js';
import { intOption, type Args, type OptionSpecs } from '../args.js';
import { CliError, type Io } from '../run.js';
import { fullCollection, logLevel, requestLog, type LogLevel } from './serve-log.js';

// What `serve` and `serve --follow` share: the listening socket and its limits, one request log
// line per response, and the shutdown on SIGINT/SIGTERM.

/** After SIGTERM/SIGINT, connections still open this long are closed and serve exits 1 (default 10 s). */
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;
const MAX_MS = 2_147_483_647;

// The node adapter's limits by flag (defaults in src/http/nodejs/server.ts).
const LIMIT_FLAGS: Record<string, keyof NodeServerLimits> = {
  '--headers-timeout-ms': 'headersTimeoutMs',
  '--request-timeout-ms': 'requestTimeoutMs',
  '--idle-timeout-ms': 'idleTimeoutMs',
  '--keep-alive-timeout-ms': 'keepAliveTimeoutMs',
  '--max-connections': 'maxConnections',
  '--max-header-bytes': 'maxHeaderBytes',
  '--max-buffered-bytes': 'maxBufferedBytes',
};

export const LIMITS = 'Limits (ms unless said; the default in parentheses)';
export const LISTEN_OPTIONS: OptionSpecs = {
  '--port': { value: 'N', help: 'the port (default 8080; 0: any free port)' },
  '--host': { value: 'HOST', help: 'the address to listen on (default 127.0.0.1)' },
  '--shutdown-timeout-ms': { value: 'N', help: 'after a signal, close what is still open (10000)' },
  '--log': { value: 'LEVEL', help: 'request (a line each), error (5xx only) or off' },
  '--headers-timeout-ms': { value: 'N', group: LIMITS, help: '30000' },
  '--request-timeout-ms': { value: 'N', group: LIMITS, help: '60000' },
  '--idle-timeout-ms': { value: 'N', group: LIMITS, help: '30000' },
  '--keep-alive-timeout-ms': { value: 'N', group: LIMITS, help: '5000' },
  '--max-connections': { value: 'N', group: LIMITS, help: '1024' },
  '--max-header-bytes': { value: 'N', group: LIMITS, help: 'bytes, 16384' },
  '--max-buffered-bytes': { value: 'N', group: LIMITS, help: 'bodies, 256 MiB' },
};

export interface ListenFlags {
  port: number;
  host: string;
  limits: NodeServerLimits;
  shutdownTimeoutMs: number;
  log: LogLevel;
}

export function listenFlags(a: Args): ListenFlags {
  const int = (name: string, min: number, max: number) => {
    const v = a.value(name);
    return v === undefined ? undefined : intOption(name, v, min, max);
  };
  const limits: NodeServerLimits = {};
  for (const [flag, key] of Object.entries(LIMIT_FLAGS)) {
    const v = int(flag, 1, key === 'maxBufferedBytes' ? Number.MAX_SAFE_INTEGER : MAX_MS);
    if (v !== undefined) limits[key] = v;
  }
  return { port: int('--port', 0, 65535) ?? 8080, host: a.value('--host') ?? '127.0.0.1', limits, shutdownTimeoutMs: int('--shutdown-timeout-ms', 0, MAX_MS) ?? DEFAULT_SHUTDOWN_TIMEOUT_MS, log: logLevel(a.value('--log') ?? 'request') };
}

export interface ListenHooks {
  /** The line once listening, given the server's URL. */
  listening(url: string): string;
  /** At the first signal, before the server stops taking requests (a follower stops ingesting). */
  stopping?(): Promise<void>;
  /** Once the server has closed, before `stopped` (a follower saves its ledger). */
  closed?(): Promise<void>;
}

// Shutdown: stop accepting, let requests in flight finish (their responses close the connection),
// close idle keep-alive connections, then resolve with exit code 0. Connections still open after
// --shutdown-timeout-ms (a peer holding a half-sent request), or at a second signal, are closed
// and the exit code is 1; a second signal once the server has closed ends at once.
export function listen(flags: ListenFlags, handler: LedgerHandler, io: Io, hooks: ListenHooks): Promise<number> {
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
    const unlisten = () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    };
    let finishing = false;
    const stop = async (signal: string) => {
      if (closing) {
        force(`${signal} again`);
        // A second signal while the hooks run (a follower saving its file) ends at once: what was
        // saved before stays whole (ledger files are written durably), and a store has no save.
        if (finishing) {
          unlisten();
          io.err('stopped without finishing');
          resolve(1);
        }
        return;
      }
      closing = true;
      io.err(`${signal}: shutting down (${active.size} in flight)`);
      await hooks.stopping?.();
      for (const res of active) if (!res.headersSent) res.setHeader('connection', 'close');
      server.close(() => {
        clearTimeout(deadline);
        finishing = true;
        void (hooks.closed?.() ?? Promise.resolve()).then(() => {
          unlisten();
          io.err('stopped');
          resolve(forced ? 1 : 0);
        }, (e: unknown) => {
          unlisten();
          reject(e);
        });
      });
      server.closeIdleConnections();
      deadline = setTimeout(() => force(`shutdown deadline of ${flags.shutdownTimeoutMs} ms passed`), flags.shutdownTimeoutMs);
    };
    const onInt = () => void stop('SIGINT').catch(reject);
    const onTerm = () => void stop('SIGTERM').catch(reject);
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    server.once('error', (e) => {
      unlisten();
      reject(new CliError(`cannot listen on ${flags.host}:${flags.port}: ${(e as Error).message}`));
    });
    server.listen(flags.port, flags.host, () => {
      const { port } = server.address() as AddressInfo;
      const host = flags.host.includes(':') ? `[${flags.host}]` : flags.host;
      io.err(hooks.listening(`http://${host}:${port}`));
    });
  });
}
