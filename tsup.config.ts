import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const { version, exports } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  version: string;
  exports: Record<string, string | { import: { default: string } }>;
};

// One list of entry points: package.json "exports". Each subpath's ESM file `./dist/<name>.js` is
// built from `src/<name>.ts` (e.g. `./transactions` → dist/transactions/index.js ← src/transactions/index.ts).
const entry = Object.fromEntries(
  Object.values(exports).flatMap((target) => {
    if (typeof target === 'string') return [];
    const name = target.import.default.replace(/^\.\/dist\//, '').replace(/\.js$/, '');
    return [[name, `src/${name}.ts`]];
  }),
);

const { index: root, ...subpaths } = entry;
const shared = {
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  // Smaller to parse at import; pure annotations survive (minifyWhitespace would drop them).
  minifySyntax: true,
  minifyIdentifiers: true,
} as const;

export default defineConfig([
  // The root entry: one file, because each extra ES module costs about 1 ms of cold import in Node.
  { ...shared, entry: { index: root! }, format: ['esm', 'cjs'], dts: true, clean: true, splitting: false },
  // The subpath entries (ESM) share chunks, so a bundle of several layers holds each module once.
  { ...shared, entry: subpaths, format: ['esm'], dts: true, splitting: true },
  { ...shared, entry: subpaths, format: ['cjs'], dts: true, splitting: false },
  {
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    define: { __VERSION__: JSON.stringify(version) },
  },
]);
