// The README's first screen and its command lines: a table of contents that reaches every section,
// the quick start (main job, serving, following) at the top, and every `ledger-bcs …` line in the
// README and docs/ naming a command that exists with options that command takes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';

const readme = readFileSync('README.md', 'utf8');
const docs = ['README.md', ...readdirSync('docs').filter((f) => f.endsWith('.md')).map((f) => join('docs', f))];

/** Markdown outside ``` fences. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

describe('README', () => {
  it('has a table of contents linking every section, and only real ones', () => {
    const headings = [...prose(readme).matchAll(/^(#{2,3}) (.+)$/gm)].map((m) => ({ level: m[1]!.length, anchor: anchor(m[2]!) }));
    const contents = readme.slice(readme.indexOf('## Contents'), readme.indexOf('\n## ', readme.indexOf('## Contents') + 1));
    const links = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    for (const h of headings.filter((x) => x.level === 2 && x.anchor !== 'contents')) expect(links, h.anchor).toContain(h.anchor);
    for (const l of links) expect(headings.map((h) => h.anchor), l).toContain(l);
  });

  it('shows the main job, serving and following within the first screen, and what is served', () => {
    const first = readme.split('\n').slice(0, 30).join('\n');
    expect(first).toMatch(/npm ci && npm start/);
    expect(first).toMatch(/npm run serve:example/);
    expect(first).toMatch(/ledger-bcs serve --follow /);
    expect(first).toMatch(/\[docs\/endpoints\.md\]\(docs\/endpoints\.md\)/);
    for (const said of ['/transactions/encode_submission', '/-/healthy', 'every\nread route', 'forwarded', 'refused']) expect(first, said).toContain(said);
  });

  it('every ledger-bcs command line names a command and options it takes', () => {
    let checked = 0;
    for (const file of docs) {
      const text = readFileSync(file, 'utf8');
      for (const block of text.matchAll(/```sh\n([\s\S]*?)```/g)) {
        for (const line of block[1]!.split('\n')) {
          for (const m of line.matchAll(/(?:^|[\s(`])ledger-bcs ([a-z][a-z-]*)((?: +(?!#|\||>|<|&&|;)\S+)*)/g)) {
            const [, name, rest] = m as unknown as [string, string, string];
            const command = commands[name];
            expect(command, `${file}: ${line}`).toBeDefined();
            for (const flag of rest.split(/\s+/).filter((t) => t.startsWith('--'))) {
              const option = flag.replace(/=.*$/, '');
              if (option === '--help') continue;
              expect(Object.keys(command!.options), `${file}: ${name} ${option}`).toContain(option);
            }
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
