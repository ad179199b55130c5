import type { EndpointSpec } from '../records/index.js';

// Routes under `{base}/v1`, built from an endpoint table (records' ENDPOINTS, or a test's) for the
// endpoints the handler has a route handler for. Paths match as sent, like poem's router: no trailing-slash or case
// folding; a `{name}` segment matches one non-empty segment, given to the handler as sent
// (percent-encoded).

export type RouteMatch =
  | { kind: 'route'; name: string; spec: EndpointSpec; params: Readonly<Record<string, string>> }
  | { kind: 'not_found' }
  | { kind: 'method_not_allowed'; allow: string };

export type Router = (method: string, path: string) => RouteMatch;

interface Route {
  readonly name: string;
  readonly spec: EndpointSpec;
  /** Methods served; HEAD is served wherever GET is (poem answers HEAD with the GET route). */
  readonly methods: readonly string[];
  readonly allow: string;
  /** The pattern's segments after the prefix: a literal, or null where a parameter goes. */
  readonly segments: readonly (string | null)[];
  /** The parameters' names, in the order of their segments. */
  readonly names: readonly string[];
  /** The match of a route without parameters, built once. */
  readonly found?: RouteMatch;
  /** For a path served by several entries (one per method): each method's match. */
  readonly byMethod?: Readonly<Record<string, RouteMatch>>;
}

function byMethodOf(r: Route): Record<string, RouteMatch> {
  return r.byMethod ?? Object.fromEntries(r.methods.map((m) => [m, r.found!]));
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** `basePath` '' or '/api' (a trailing slash is dropped); routes live under `{basePath}/v1`. */
export function createRouter(basePath: string, table: Readonly<Record<string, EndpointSpec>>, names: readonly string[]): Router {
  const prefix = `${normalizeBase(basePath)}/v1`;
  const under = `${prefix}/`;
  // One path may have a route per method (GET /transactions lists, POST /transactions submits).
  const exact = new Map<string, Route>();
  const patterned: Route[] = [];
  for (const name of names) {
    const spec = table[name]!;
    const { method, path } = spec;
    const methods = method === 'GET' ? ['GET', 'HEAD'] : [method];
    const parts = path.split('/').slice(1);
    const segments = parts.map((p) => (isParam(p) ? null : p));
    const route = { name, spec, methods, allow: methods.join(', '), segments, names: parts.filter(isParam).map((p) => p.slice(1, -1)) };
    if (route.names.length > 0) patterned.push(route);
    else {
      const found: RouteMatch = { kind: 'route', name, spec, params: NO_PARAMS };
      const other = exact.get(prefix + path);
      const mine = { ...route, found };
      exact.set(prefix + path, other === undefined ? mine : { ...other, methods: [...other.methods, ...methods], allow: [...other.methods, ...methods].join(', '), byMethod: { ...byMethodOf(other), ...Object.fromEntries(methods.map((m) => [m, found])) } });
    }
  }
  // Paths longer than every exact route skip its lookup (hashing a long path costs more than this test).
  let longestExact = 0;
  for (const p of exact.keys()) longestExact = Math.max(longestExact, p.length);
  const notFound: RouteMatch = { kind: 'not_found' };
  const allowed = (route: Route, method: string, params?: Record<string, string>): RouteMatch => {
    if (!route.methods.includes(method)) return { kind: 'method_not_allowed', allow: route.allow };
    if (route.byMethod !== undefined) return route.byMethod[method]!;
    return route.found ?? { kind: 'route', name: route.name, spec: route.spec, params: params ?? NO_PARAMS };
  };
  return (method, path) => {
    if (path.length <= longestExact) {
      const route = exact.get(path);
      if (route !== undefined) return allowed(route, method);
    }
    if (patterned.length === 0 || !path.startsWith(under)) return notFound;
    const segments = path.slice(under.length).split('/');
    for (const r of patterned) {
      const params = matchSegments(r, segments);
      if (params !== undefined) return allowed(r, method, params);
    }
    return notFound;
  };
}

function isParam(segment: string): boolean {
  return segment.startsWith('{') && segment.endsWith('}');
}

function matchSegments(route: Route, segments: readonly string[]): Record<string, string> | undefined {
  const pattern = route.segments;
  if (pattern.length !== segments.length) return undefined;
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    const s = segments[i]!;
    if (p === null ? s === '' : p !== s) return undefined;
  }
  // Filled in the pattern's order, so each route's parameter objects share one shape.
  const params: Record<string, string> = {};
  let k = 0;
  for (let i = 0; i < pattern.length; i++) if (pattern[i] === null) params[route.names[k++]!] = segments[i]!;
  return params;
}

function normalizeBase(base: string): string {
  let b = base.trim();
  while (b.endsWith('/')) b = b.slice(0, -1);
  if (b !== '' && !b.startsWith('/')) b = `/${b}`;
  return b;
}
