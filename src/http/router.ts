// The two routes under `{base}/v1`. Paths match as sent, like poem's router: no trailing-slash or
// case folding.

export type RouteName = 'encode_submission' | 'healthy';

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

export type RouteMatch = { kind: 'route'; name: RouteName } | { kind: 'not_found' } | { kind: 'method_not_allowed'; allow: string };

export type Router = (method: string, path: string) => RouteMatch;

/** `basePath` '' or '/api' (a trailing slash is dropped); routes live under `{basePath}/v1`. */
export function createRouter(basePath: string): Router {
  const prefix = `${normalizeBase(basePath)}/v1`;
  const table = new Map<string, Route>();
  for (const [p, r] of Object.entries(ROUTES)) table.set(prefix + p, r);
  const notFound: RouteMatch = { kind: 'not_found' };
  const found = new Map<RouteName, RouteMatch>();
  for (const r of table.values()) found.set(r.name, { kind: 'route', name: r.name });
  return (method, path) => {
    const route = table.get(path);
    if (route === undefined) return notFound;
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
