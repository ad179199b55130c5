import type { NodeAdapterOptions } from '../../http/internal.js';
import { CliError, type Io } from '../run.js';

// `serve`'s and `serve --follow`'s request log (--log).

/**
 * `--log`: `request` writes a line per request to stderr (the default: an access log is what an
 * operator running `serve` by hand expects), `error` only requests answered 5xx (a server fault, a
 * shed body, a failed health check), `off` none. The lifecycle lines (listening, shutdown) stay.
 */
export type LogLevel = 'request' | 'error' | 'off';

/** The --log value, or a CliError naming the levels. */
export function logLevel(v: string): LogLevel {
  if (v === 'request' || v === 'error' || v === 'off') return v;
  throw new CliError(`--log must be request, error or off, got ${JSON.stringify(v)}`);
}

/** The node adapter's onResponse for a level (undefined for off: nothing is measured per request). */
export function requestLog(level: LogLevel, io: Io): NodeAdapterOptions['onResponse'] {
  if (level === 'off') return undefined;
  return (e) => {
    if (level === 'error' && e.status < 500) return;
    io.err(`${e.method} ${e.path} ${e.aborted ? `${e.status} aborted` : e.status} ${e.ms.toFixed(1)}ms`);
  };
}
