import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The node's API goldens (aptos-core api/goldens), read where they are: ../shared beside the
// checkout. Nothing from them is committed here.
export const GOLDENS_DIR = resolve(process.cwd(), '../shared/node-goldens');
export const HAVE_GOLDENS = existsSync(GOLDENS_DIR);
if (!HAVE_GOLDENS) console.warn(`node-json goldens: ${GOLDENS_DIR} is absent; the golden tests are skipped`);

export interface Golden {
  name: string;
  text: string;
  json: unknown;
}

/** Every golden that is one JSON document (two are not: a CORS text and a JSON followed by text). */
export function goldens(): Golden[] {
  if (!HAVE_GOLDENS) return [];
  const out: Golden[] = [];
  for (const name of readdirSync(GOLDENS_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const text = readFileSync(resolve(GOLDENS_DIR, name), 'utf8');
    try {
      out.push({ name, text, json: JSON.parse(text) });
    } catch {
      // not one JSON document
    }
  }
  return out;
}

/** Visits every object in a JSON tree. */
export function walk(v: unknown, f: (o: Record<string, unknown>) => void): void {
  if (Array.isArray(v)) for (const x of v) walk(x, f);
  else if (typeof v === 'object' && v !== null) {
    f(v as Record<string, unknown>);
    for (const x of Object.values(v)) walk(x, f);
  }
}
