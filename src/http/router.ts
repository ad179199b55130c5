// The routes under `{base}/v1`. Paths match as sent, like poem's router: no trailing-slash or
// case folding. The four state routes (path parameters, percent-decoded as poem decodes them) exist
// only when the handler has a ledger source.

export type RouteName = 'encode_submission' | 'healthy' | 'account' | 'balance' | 'transaction_summaries' | 'block_by_height' | 'transactions' | 'account_resource';

interface Route {
  readonly name: RouteName;
  /** Methods served; HEAD is served wherever GET is (poem answers HEAD with the GET route). */
  readonly methods: readonly string[];
  readonly allow: string;
}

const ROUTES: Record<string, Route> = {
  '/transactions/encode_submission': { name: 'encode_submission', methods: ['POST'], allow: 'POST' },
  '/-/healthy': { name: 'healthy', methods: ['GET', 'HEAD'], allow: 'GET, HEAD' },
};

/** State routes by their segments after `/v1`; `:` marks a parameter (one non-empty segment). */
const PATTERNS: readonly { name: RouteName; segments: readonly string[] }[] = [
  { name: 'account', segments: ['accounts', ':address'] },
  { name: 'balance', segments: ['accounts', ':address', 'balance', ':asset_type'] },
  { name: 'transaction_summaries', segments: ['accounts', ':address', 'transaction_summaries'] },
  { name: 'block_by_height', segments: ['blocks', 'by_height', ':block_height'] },
  { name: 'transactions', segments: ['transactions'] },
  { name: 'account_resource', segments: ['accounts', ':address', 'resource', ':resource_type'] },
];
const GET_ONLY = { methods: ['GET', 'HEAD'], allow: 'GET, HEAD' };

export type RouteMatch =
  | { kind: 'route'; name: RouteName; params?: readonly string[] }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: string };

export type Router = (method: string, path: string) => RouteMatch;

/** `basePath` '' or '/api' (a trailing slash is dropped); routes live under `{basePath}/v1`. */
export function createRouter(basePath: string, withState = false): Router {
  const prefix = `${normalizeBase(basePath)}/v1`;
  const table = new Map<string, Route>();
  for (const [p, r] of Object.entries(ROUTES)) table.set(prefix + p, r);
  const notFound: RouteMatch = { kind: 'not_found' };
  const found = new Map<RouteName, RouteMatch>();
  for (const r of table.values()) found.set(r.name, { kind: 'route', name: r.name });
  const patterns = withState ? PATTERNS : [];
  return (method, path) => {
    const route = table.get(path);
    if (route === undefined) {
      if (patterns.length === 0 || !path.startsWith(prefix + '/')) return notFound;
      const m = matchPattern(patterns, path.slice(prefix.length + 1));
      if (m === undefined) return notFound;
      if (!GET_ONLY.methods.includes(method)) return { kind: 'method_not_allowed', allow: GET_ONLY.allow };
      return m;
    }
    if (!route.methods.includes(method)) return { kind: 'method_not_allowed', allow: route.allow };
    return found.get(route.name)!;
  };
}

function normalizeBase(base: string): string {
  let b = base.trim();
  while (b.endsWith('/')) b = b.slice(0, -1);
  if (b !== '' && !b.startsWith('/')) b = `/${b}`;
  return b;
}

function matchPattern(patterns: typeof PATTERNS, rest: string): RouteMatch | undefined {
  const parts = rest.split('/');
  for (const p of patterns) {
    if (p.segments.length !== parts.length) continue;
    const params: string[] = [];
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      const seg = p.segments[i]!;
      const part = parts[i]!;
      if (seg.charCodeAt(0) === 58) {
        if (part === '') ok = false;
        else params.push(decodeSegment(part));
      } else ok = seg === part;
    }
    if (ok) return { kind: 'route', name: p.name, params };
  }
  return undefined;
}

/** Percent-decoded as poem decodes a path parameter; a malformed escape is kept as written. */
function decodeSegment(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
