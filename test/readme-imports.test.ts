import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The import lines of every TypeScript example in README.md and docs/ name what the entry points
// export: each example's imports are type-checked against src/, with `ledger-bcs…` mapped to the
// entry files as package.json "exports" maps them to dist/.

const docs = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];
const IMPORT = /^import\s[\s\S]*?from\s*'(ledger-bcs[^']*)';/gm;

function examples(): { where: string; imports: string }[] {
  const out: { where: string; imports: string }[] = [];
  for (const file of docs) {
    const text = readFileSync(file, 'utf8');
    for (const block of text.matchAll(/```ts\n([\s\S]*?)```/g)) {
      const imports = [...block[1]!.matchAll(IMPORT)].map((m) => m[0]);
      if (imports.length > 0) out.push({ where: `${file}:${text.slice(0, block.index).split('\n').length}`, imports: imports.join('\n') });
    }
  }
  return out;
}

describe('documentation imports', () => {
  it('every example imports names its entry points export', () => {
    const found = examples();
    expect(found.length).toBeGreaterThan(5);
    const dir = mkdtempSync(join(tmpdir(), 'ledger-bcs-doc-imports-'));
    try {
      const files = found.map((e, i) => {
        const f = join(dir, `example${i}.ts`);
        writeFileSync(f, `${e.imports}\nexport {};\n`);
        return f;
      });
      const program = ts.createProgram(files, {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: ['node'],
        typeRoots: [resolve('node_modules/@types')],
        paths: {
          'ledger-bcs': [resolve('src/index.ts')],
          'ledger-bcs/http/node': [resolve('src/http/node.ts')],
          'ledger-bcs/*': [resolve('src/*/index.ts')],
        },
      });
      const problems = files.flatMap((f, i) =>
        ts.getPreEmitDiagnostics(program, program.getSourceFile(f)).map((d) => `${found[i]!.where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`),
      );
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
