import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import type { NodeAdapterOptions } from '../../http/internal.js';
import { CliError, type Io } from '../run.js';

// `serve`'s and `serve --follow`'s request log (--log), and what they do after a load.

/**
 * A full collection, for the adapter's `afterLoad`: after an attack the bodies' buffers are garbage
 * that V8 collects only when it next allocates or notices the process idle (minutes, measured:
 * 420 MB resident 40 s after the load test, against 110 MB once collected). V8 exposes `gc` only
 * under --expose-gc; set from inside, it reaches new contexts.
 */
export function fullCollection(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => gc();
}

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

/** The format a response was served in, by its content type. */
const format = (contentType: string) => (contentType.includes('x-bcs') ? 'bcs' : contentType.includes('json') ? 'json' : contentType === '' ? '-' : contentType.split(';')[0]);

/**
 * The node adapter's onResponse for a level (undefined for off: nothing is measured per request):
 * method, path and query, status, format, time.
 */
export function requestLog(level: LogLevel, io: Io): NodeAdapterOptions['onResponse'] {
  if (level === 'off') return undefined;
  return (e) => {
    if (level === 'error' && e.status < 500) return;
    io.err(`${e.method} ${e.path}${e.query} ${e.status}${e.aborted ? ' aborted' : ''} ${format(e.contentType)} ${e.ms.toFixed(1)}ms`);
  };
}
