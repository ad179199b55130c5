import { UsageError } from '../bcs/index.js';
import type { Reply, Serve } from './exchange.js';
import { after } from './responses.js';

// Cross-origin access for browser pages (the Fetch standard's CORS protocol): a preflight OPTIONS
// is answered here, before routing; every other reply to an allowed origin names that origin and
// exposes its ledger headers (X-SVC-*), which a page's script could not read otherwise.

export interface CorsOptions {
  /** `*` (any page), one origin (`https://app.example`), or a list of origins. */
  origin: '*' | string | readonly string[];
  /** How long a browser may cache a preflight answer (default 600 s). */
  maxAgeSecs?: number;
}

const METHODS = 'GET, HEAD, POST';

const anyOrigin = (o: CorsOptions['origin']): boolean => o === '*' || (typeof o !== 'string' && o.includes('*'));

// Browsers send an origin's scheme and host lowercased; a configured `https://App.example` is the same origin.
function allowedOrigin(options: CorsOptions): (origin: string | undefined) => string | undefined {
  const o = options.origin;
  if (anyOrigin(o)) return () => '*';
  const list = new Set((typeof o === 'string' ? [o] : o).map((x) => x.toLowerCase()));
  return (origin) => (origin !== undefined && list.has(origin.toLowerCase()) ? origin : undefined);
}

/** Checks the options once, when the handler is built. */
export function validCors(options: CorsOptions): CorsOptions {
  if (typeof options !== 'object' || options === null) throw new UsageError('invalid_option', 'cors must be { origin: "*" | origin | origins }');
  const list = typeof options.origin === 'string' ? [options.origin] : options.origin;
  if (!Array.isArray(list) || list.length === 0 || list.some((x) => typeof x !== 'string' || (x !== '*' && !/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i.test(x)))) {
    throw new UsageError('invalid_option', `cors.origin must be "*" or origins like "https://app.example", got ${JSON.stringify(options.origin)}`);
  }
  const age = options.maxAgeSecs;
  if (age !== undefined && !(Number.isSafeInteger(age) && age >= 0)) throw new UsageError('invalid_option', 'cors.maxAgeSecs must be a non-negative integer');
  return options;
}

export function withCors(serve: Serve, options: CorsOptions): Serve {
  const allow = allowedOrigin(options);
  const maxAge = String(options.maxAgeSecs ?? 600);
  const vary = anyOrigin(options.origin) ? undefined : 'origin';
  return (ex) => {
    const origin = allow(ex.header('origin'));
    if (ex.method === 'OPTIONS' && ex.header('access-control-request-method') !== undefined) {
      const headers: Record<string, string> = {};
      if (vary) headers.vary = vary;
      if (origin !== undefined) {
        headers['access-control-allow-origin'] = origin;
        headers['access-control-allow-methods'] = METHODS;
        headers['access-control-allow-headers'] = ex.header('access-control-request-headers') ?? 'content-type';
        headers['access-control-max-age'] = maxAge;
      }
      return { status: 204, headers, body: '' };
    }
    return after(serve(ex), (reply: Reply) => {
      if (origin !== undefined) {
        reply.headers['access-control-allow-origin'] = origin;
        const exposed = Object.keys(reply.headers).filter((k) => /^x-svc-/i.test(k));
        if (exposed.length > 0) reply.headers['access-control-expose-headers'] = exposed.join(', ');
      }
      if (vary) reply.headers.vary = reply.headers.vary ? `${reply.headers.vary}, ${vary}` : vary;
      return reply;
    });
  };
}
