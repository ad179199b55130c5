// Media types as poem and the node read them.

/**
 * poem-openapi `Json::check_content_type`: `application/json`, or any `application/*+json`,
 * parameters allowed. Type names compare case-insensitively, as the `mime` crate does.
 */
export function isJsonContentType(value: string): boolean {
  if (value === 'application/json') return true;
  const semi = value.indexOf(';');
  const essence = (semi < 0 ? value : value.slice(0, semi)).trim().toLowerCase();
  const slash = essence.indexOf('/');
  if (slash < 0 || essence.slice(0, slash) !== 'application') return false;
  const sub = essence.slice(slash + 1);
  return sub === 'json' || (sub.endsWith('+json') && sub.length > 5 && !/[\s/]/.test(sub));
}

export type AcceptKind = 'json' | 'bcs';

/**
 * api/src/accept_type.rs `parse_accept`: poem's `Accept` lists the header's media types by
 * descending `q`; the first that is `application/json` or `application/x-bcs` wins, else JSON.
 */
export function acceptKind(header: string | undefined): AcceptKind {
  if (header === undefined || header === '') return 'json';
  if (header === 'application/json') return 'json';
  if (header === 'application/x-bcs') return 'bcs';
  let best: AcceptKind = 'json';
  let bestQ = -1;
  for (const item of header.split(',')) {
    const parts = item.split(';');
    const type = parts[0]!.trim().toLowerCase();
    const kind = type === 'application/json' ? 'json' : type === 'application/x-bcs' ? 'bcs' : undefined;
    if (kind === undefined) continue;
    let q = 1;
    for (let i = 1; i < parts.length; i++) {
      const [k, v] = parts[i]!.split('=');
      if (k?.trim().toLowerCase() === 'q' && v !== undefined) q = Number(v.trim());
    }
    if (!(q >= 0)) q = 0;
    // Stable order among equal q: the first listed wins.
    if (q > bestQ) {
      bestQ = q;
      best = kind;
    }
  }
  return best;
}
