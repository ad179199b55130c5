// The benches, scripts and fuzz harness import the built package by path; a moved entry (src/hash.ts
// became src/hash/index.ts) broke bench/replica silently, since no test runs the benches.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = /\.(m?js|ts)$/;

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => SCRIPT.test(f))
    .map((f) => join(dir, f));
}

describe('bench, scripts and fuzz imports of dist/', () => {
  it('name files the build writes', () => {
    expect(existsSync('dist/index.js'), 'run the build first').toBe(true);
    const missing: string[] = [];
    let seen = 0;
    for (const file of ['bench', 'scripts', 'fuzz'].flatMap(files)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"]((?:\.\.?\/)+dist\/[^'"]+\.(?:m?js))['"]/g)) {
        seen++;
        if (!existsSync(resolve(dirname(file), m[1]!))) missing.push(`${file}: ${m[1]}`);
      }
    }
    expect(seen).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
