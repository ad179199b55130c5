// bench/readme-figures.mjs: a bench run's ratios and bundle size written into the README's table,
// in the README's own cell forms; rows the run does not cover are left alone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without declarations
import { ROWS, updateReadme } from '../../bench/readme-figures.mjs';

const readme = readFileSync('README.md', 'utf8');
const run = (name: string, ts: number, mysten: number | undefined, floor: number, rounds?: [number, number]) => ({
  name,
  speedup: { 'ts-sdk': ts, ...(mysten === undefined ? {} : { mysten }) },
  rounds: rounds ? { 'ts-sdk': rounds } : {},
  vsFloor: floor,
});

describe('readme-figures', () => {
  it('every mapped row is in the README table', () => {
    for (const [label] of ROWS as [string, string[]][]) expect(readme, label).toContain(`| ${label}`);
  });

  it('rewrites the ratio cells and the bundle size from a run', () => {
    const result = {
      speed: [run('transfer/decode', 3.14, 4.56, 0.987, [2.5, 4.0]), run('u64-1e5/encode', 21.2, 80, 1.071), run('u64-1e5/decode', 9.7, 26, 1.031)],
      sizes: [{ name: 'ledger-bcs: transfer + signing message only', minified: 8000 }],
    };
    const { text, changes } = updateReadme(readme, result) as { text: string; changes: string[] };
    expect(text).toContain('| transfer decode | 3.1× (2.5–4.0) | 4.6× | 0.99× |');
    expect(text).toContain('| vector<u64> 1e5 encode / decode | 21× / 9.7× | 80× / 26× | 1.07× / 1.03× |');
    expect(text).toContain('is 8,000 bytes minified');
    expect(changes.length).toBeGreaterThan(3);
    // Rows the run did not measure stay as they were.
    const untouched = readme.split('\n').find((l) => l.startsWith('| heavy entry function'));
    expect(text).toContain(untouched);
  });

  it('a run that agrees changes nothing', () => {
    const { text, changes } = updateReadme(readme, { speed: [], sizes: [] }) as { text: string; changes: string[] };
    expect([text === readme, changes]).toEqual([true, []]);
  });
});
