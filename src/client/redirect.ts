import { LedgerResponseError } from './errors.js';
import type { FetchLike } from './transport.js';

// Redirects under the client's control (fetch's `redirect: 'manual'`). Followed by fetch itself, a
// 307 to another origin re-sent the POST body and the caller's headers (an API key) there, and that
// origin's answer came back as the node's. Now one to the node's own origin is followed (at most
// MAX_REDIRECTS) and one anywhere else is a `redirect` LedgerResponseError. Browsers hide where a
// manual redirect goes (an `opaqueredirect` response), so there every redirect is that error.

export const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchSameOrigin(fetch: FetchLike, url: string, init: RequestInit): Promise<Response> {
  const method = init.method ?? 'GET';
  const origin = new URL(url).origin;
  const refuse = (status: number, why: string) => new LedgerResponseError('redirect', `${method} ${url}: ${why}`, status, method, url);
  let target = url;
  let current: RequestInit = { ...init, redirect: 'manual' };
  for (let hop = 0; ; hop++) {
    const res = await fetch(target, current);
    if (res.type === 'opaqueredirect') throw refuse(0, 'redirected, and this platform hides where to; not followed');
    const location = REDIRECTS.has(res.status) ? res.headers.get('location') : null;
    if (location === null) return res;
    await res.body?.cancel().catch(() => undefined);
    let next: URL;
    try {
      next = new URL(location, target);
    } catch {
      throw refuse(res.status, 'redirected to an unreadable Location; not followed');
    }
    if (next.origin !== origin) throw refuse(res.status, `redirected to another origin (${next.origin.slice(0, 200)}); not followed`);
    if (hop >= MAX_REDIRECTS) throw refuse(res.status, `more than ${MAX_REDIRECTS} redirects`);
    // As fetch does: 303, and 301/302 after a POST, continue as a GET without the body.
    if (res.status === 303 || ((res.status === 301 || res.status === 302) && current.method === 'POST')) {
      const headers = { ...(current.headers as Record<string, string>) };
      delete headers['content-type'];
      current = { ...current, method: 'GET', body: undefined, headers };
    }
    target = next.href;
  }
}
