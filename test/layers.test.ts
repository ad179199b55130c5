import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layers' one-way order and their declared APIs. Every directory src/<layer>/ is a layer; a file
// may import another layer only through that layer's `index.ts` or its one documented `internal.ts`,
// and only a layer below its own. The files directly in src/ are the package's entry points: they
// use layers through their `index.ts` only. A new layer directory must be placed in LAYER_ORDER.

/** Lowest first; layers on one line are siblings and may not import each other. */
const LAYER_ORDER: readonly (readonly string[])[] = [
  ['bcs'],
  ['move'],
  ['transactions'],
  ['hash'],
  ['records'],
  ['submission'],
  ['node-json'],
  ['ledger'],
  ['http', 'client'],
  ['signing'],
  ['replica'],
  ['cli', 'page'],
];

const SRC = resolve('src');
const rank = new Map(LAYER_ORDER.flatMap((names, i) => names.map((n) => [n, i] as const)));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

/** Relative module specifiers of every import and re-export (type-only ones too), with their line. */
function importsOf(text: string): { spec: string; line: number }[] {
  const out: { spec: string; line: number }[] = [];
  const re = /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|(?:^|[\s;(])import\s*\(?\s*['"](\.[^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) {
    const spec = (m[1] ?? m[2])!;
    out.push({ spec, line: text.slice(0, m.index + m[0].lastIndexOf(spec)).split("\n").length });
  }
  return out;
}

/** The layer a path under src/ belongs to ('' for the entry files directly in src/). */
const layerOf = (file: string): string => {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? parts[0]! : '';
};

export function layerViolations(): string[] {
  const problems: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const from = layerOf(file);
    const where = relative(process.cwd(), file);
    for (const { spec, line } of importsOf(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
      const to = layerOf(target);
      if (to === from) continue;
      if (to === '') {
        problems.push(`${where}:${line} imports the entry file ${spec}`);
        continue;
      }
      const inside = relative(join(SRC, to), target);
      const declared = from === '' ? ['index.ts'] : ['index.ts', 'internal.ts'];
      if (!declared.includes(inside)) problems.push(`${where}:${line} imports ${spec}: another layer's module file (use ${to}/${declared.join(' or ')})`);
      if (from === '') continue;
      const a = rank.get(from);
      const b = rank.get(to);
      if (a === undefined || b === undefined) problems.push(`${where}:${line}: layer ${a === undefined ? from : to} is not in LAYER_ORDER`);
      else if (b >= a) problems.push(`${where}:${line} imports ${spec}: ${to} is not below ${from}`);
    }
  }
  return problems;
}

describe('layers', () => {
  it('every layer directory has its place in the order and an index.ts', () => {
    for (const d of readdirSync(SRC)) {
      if (!statSync(join(SRC, d)).isDirectory()) continue;
      expect(rank.has(d), `src/${d}: add it to LAYER_ORDER in test/layers.test.ts`).toBe(true);
      if (d !== 'cli') expect(statSync(join(SRC, d, 'index.ts')).isFile(), `src/${d}/index.ts`).toBe(true);
    }
  });

  it('imports another layer only through its index.ts or internal.ts, and only downwards', () => {
    expect(layerViolations()).toEqual([]);
  });

  it('the scanner sees what it must refuse', () => {
    // A rule that cannot fail is no rule: the specifier forms the check relies on are recognised.
    const found = importsOf(
      "import { a } from '../bcs/hex.js';\nimport type {\n  B,\n} from '../move/index.js';\nexport * from './x.js';\nexport { c } from \"../records/internal.js\";\nconst m = await import('../client/index.js');",
    ).map((i) => i.spec);
    expect(found).toEqual(['../bcs/hex.js', '../move/index.js', './x.js', '../records/internal.js', '../client/index.js']);
  });
});
