import { ENDPOINTS, type Endpoint } from '../records/index.js';

// Routes under `{base}/v1`, built from the endpoint table (records' ENDPOINTS) for the endpoints the
// handler has a route handler for. Paths match as sent, like poem's router: no trailing-slash or case
// folding; a `{name}` segment matches one non-empty segment, given to the handler as sent
// (percent-encoded).

export type RouteMatch =
  | { kind: 'route'; name: Endpoint; params: Readonly<Record<string, string>> }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: string };

export type Router = (method: string, path: string) => RouteMatch;

interface Route {
  readonly name: Endpoint;
  /** Methods served; HEAD is served wherever GET is (poem answers HEAD with the GET route). */
  readonly methods: readonly string[];
  readonly allow: string;
  /** The pattern's segments after the prefix; a parameter's is its name in braces. */
  readonly segments: readonly string[];
  /** The match of a route without parameters, built once. */
  readonly found?: RouteMatch;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** `basePath` '' or '/api' (a trailing slash is dropped); routes live under `{basePath}/v1`. */
export function createRouter(basePath: string, names: readonly Endpoint[]): Router {
  const prefix = `${normalizeBase(basePath)}/v1`;
  const exact = new Map<string, Route>();
  const patterned: Route[] = [];
  for (const name of names) {
    const { method, path } = ENDPOINTS[name];
    const methods = method === 'GET' ? ['GET', 'HEAD'] : [method];
    const segments = path.split('/').slice(1);
    if (segments.some(isParam)) patterned.push({ name, methods, allow: methods.join(', '), segments });
    else exact.set(prefix + path, { name, methods, allow: methods.join(', '), segments, found: { kind: 'route', name, params: NO_PARAMS } });
  }
  const notFound: RouteMatch = { kind: 'not_found' };
  const allowed = (route: Route, method: string, params?: Record<string, string>): RouteMatch => {
    if (!route.methods.includes(method)) return { kind: 'method_not_allowed', allow: route.allow };
    return route.found ?? { kind: 'route', name: route.name, params: params ?? NO_PARAMS };
  };
  return (method, path) => {
    const route = exact.get(path);
    if (route !== undefined) return allowed(route, method);
    if (patterned.length === 0 || !path.startsWith(`${prefix}/`)) return notFound;
    const segments = path.slice(prefix.length + 1).split('/');
    for (const r of patterned) {
      const params = matchSegments(r.segments, segments);
      if (params !== undefined) return allowed(r, method, params);
    }
    return notFound;
  };
}

function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

function matchSegments(pattern: readonly string[], segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const s = segments[i]!;
    if (isParam(p)) {
      if (s === '') return undefined;
      params[p.slice(1, -1)] = s;
    } else if (p !== s) return undefined;
  }
  return params;
}

function normalizeBase(base: string): string {
  let b = base.trim();
  while (b.endsWith('/')) b = b.slice(0, -1);
  if (b !== '' && !b.startsWith('/')) b = `/${b}`;
  return b;
}
