import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { createLedgerHandler } from '../../http/index.js';
import { createNodeServer, type NodeServerLimits } from '../../http/internal.js';
import { CliError, type Io } from '../run.js';

// Serving until a signal, for `serve` in every mode (a ledger file, a store, following).

/** After SIGTERM/SIGINT, connections still open this long are closed and serve exits 1 (default 10 s). */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export const MAX_MS = 2_147_483_647;

// The node adapter's limits by flag (defaults in src/http/node-server.ts).
export const LIMIT_FLAGS: Record<string, keyof NodeServerLimits> = {
  '--headers-timeout-ms': 'headersTimeoutMs',
  '--request-timeout-ms': 'requestTimeoutMs',
  '--idle-timeout-ms': 'idleTimeoutMs',
  '--keep-alive-timeout-ms': 'keepAliveTimeoutMs',
  '--max-connections': 'maxConnections',
  '--max-header-bytes': 'maxHeaderBytes',
};

export interface ListenFlags {
  port: number;
  host: string;
  limits: NodeServerLimits;
  shutdownTimeoutMs: number;
}

export interface ListenHooks {
  /** The line logged once listening (default: the address and chain id). */
  banner?: (url: string) => string;
  /** At the first signal, beside closing the server (a follower stops ingesting). */
  onStop?: () => Promise<void>;
  /** Once the server is closed and onStop is done (a follower's ledger file is saved). */
  onClosed?: () => Promise<void>;
}

// Shutdown: stop accepting, let requests in flight finish (their responses close the connection),
// close idle keep-alive connections, then resolve with exit code 0. Connections still open after
// --shutdown-timeout-ms (a peer holding a half-sent request), or at a second signal, are closed
// and the exit code is 1. A second signal while the hooks run (a follower saving its file) ends
// at once with exit code 1: what was saved before stays whole (ledger files are written durably).
export function listen(flags: ListenFlags & { chainId?: number }, handler: ReturnType<typeof createLedgerHandler>, io: Io, hooks: ListenHooks = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const active = new Set<ServerResponse>();
    const server = createNodeServer(handler, {
      ...flags.limits,
      onResponse: (e) => io.err(`${e.method} ${e.path} ${e.aborted ? `${e.status} aborted` : e.status} ${e.ms.toFixed(1)}ms`),
    });
    let closing = false;
    let forced = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    let finishing = false;
    const unlisten = () => {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
    };
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
      if (closing) {
        force(`${signal} again`);
        if (finishing) {
          unlisten();
          io.err('stopped without finishing');
          resolve(1);
        }
        return;
      }
      closing = true;
      io.err(`${signal}: shutting down (${active.size} in flight)`);
      for (const res of active) if (!res.headersSent) res.setHeader('connection', 'close');
      const stopped = hooks.onStop?.() ?? Promise.resolve();
      server.close(() => {
        clearTimeout(deadline);
        finishing = true;
        void stopped
          .then(() => hooks.onClosed?.())
          .then(
            () => {
              unlisten();
              io.err('stopped');
              resolve(forced ? 1 : 0);
            },
            (e: unknown) => {
              unlisten();
              reject(e instanceof CliError ? e : new CliError(`shutting down: ${(e as Error).message}`));
            },
          );
      });
      server.closeIdleConnections();
      deadline = setTimeout(() => force(`shutdown deadline of ${flags.shutdownTimeoutMs} ms passed`), flags.shutdownTimeoutMs);
    };
    const onInt = () => stop('SIGINT');
    const onTerm = () => stop('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    server.once('error', (e) => {
      unlisten();
      void hooks.onStop?.();
      reject(new CliError(`cannot listen on ${flags.host}:${flags.port}: ${(e as Error).message}`));
    });
    server.listen(flags.port, flags.host, () => {
      const { port } = server.address() as AddressInfo;
      const host = flags.host.includes(':') ? `[${flags.host}]` : flags.host;
      const url = `http://${host}:${port}`;
      io.err(hooks.banner?.(url) ?? `listening on ${url} (chain id ${flags.chainId})`);
    });
  });
}
