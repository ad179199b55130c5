import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The node's API goldens (aptos-core api/goldens, Apache-2.0), committed verbatim in
// fixtures/node-goldens with their PROVENANCE.md, so every golden test runs on a fresh clone.
export const GOLDENS_DIR = fileURLToPath(new URL('../../fixtures/node-goldens/', import.meta.url));

export interface Golden {
  name: string;
  text: string;
  json: unknown;
}

/** Every golden that is one JSON document (two are not: a CORS text and a JSON followed by text). */
export function goldens(): Golden[] {
  const out: Golden[] = [];
  for (const name of readdirSync(GOLDENS_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const text = readFileSync(GOLDENS_DIR + name, 'utf8');
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
