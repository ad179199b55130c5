import { readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'tsup';

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
const code = {
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  // Smaller to parse at import; pure annotations survive (minifyWhitespace would drop them).
  minifySyntax: true,
  minifyIdentifiers: true,
  dts: false,
} as const;

// The JavaScript builds, run together by tsup. scripts/build.mjs runs tsup beside `tsc -p
// tsconfig.build.json`, which writes the declarations once for the whole package (a declaration step
// per build here cost three TypeScript programs, ~3 GB and most of the build's time), and cleans dist/
// first. A new build output is one more entry in this list (its inputs in scripts/build.mjs's INPUTS).
const builds: Options[] = [
  // The root entry: one file, because each extra ES module costs about 1 ms of cold import in Node.
  { ...code, entry: { index: root! }, format: ['esm', 'cjs'], splitting: false },
  // The subpath entries (ESM) share chunks, so a bundle of several layers holds each module once.
  { ...code, entry: subpaths, format: ['esm'], splitting: true },
  { ...code, entry: subpaths, format: ['cjs'], splitting: false },
  {
    entry: { 'cli/main': 'src/cli/main.ts' },
    format: ['esm'],
    target: 'node20',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
    define: { __VERSION__: JSON.stringify(version) },
  },
];

export default defineConfig(builds);
