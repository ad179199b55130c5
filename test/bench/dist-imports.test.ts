// The benches, scripts and fuzz harness import the built package by path; a moved entry (src/hash.ts
// became src/hash/index.ts) broke bench/replica silently, since no test runs the benches.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = /\.(m?js|ts)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => SCRIPT.test(f))
    .map((f) => join(dir, f));
}

describe('bench, scripts and fuzz imports of dist/', () => {
  it('name files the build writes, and names those files export', async () => {
    expect(existsSync('dist/index.js'), 'run the build first').toBe(true);
    const missing: string[] = [];
    let seen = 0;
    for (const file of ['bench', 'scripts', 'fuzz'].flatMap(files)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:import\s*\{([^}]*)\}\s*from\s*)?['"]((?:\.\.?\/)+dist\/[^'"]+\.(?:m?js))['"]/g)) {
        seen++;
        const target = resolve(dirname(file), m[2]!);
        if (!existsSync(target)) {
          missing.push(`${file}: ${m[2]}`);
          continue;
        }
        // Named imports must be exports of that entry (the root entry shrank to ~28 names).
        const names = (m[1] ?? '').split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!).filter(Boolean);
        if (names.length > 0) {
          const exported = await import(pathToFileURL(target).href);
          for (const n of names) if (!(n in exported)) missing.push(`${file}: ${n} from ${m[2]}`);
        }
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
