// The bench's verdicts, from made-up measurements: the median decides, and a target met only on the
// median says which peer fell short in some round.
import { describe, expect, it } from 'vitest';
import { analyse, speedTable } from '../../bench/lib/report.mjs';

const w = { name: 'transfer/encode', category: 'encode' };
const r = (median: number, rounds: number[]) => ({ median, rounds });

describe('bench report', () => {
  it('meets a target when the medians and every round do', () => {
    const a = analyse(w, { ours: r(1000, [1000, 1000]), 'ts-sdk': r(6000, [6000, 6500]), mysten: r(20000, [20000, 21000]), floor: r(900, [900, 900]) });
    expect(a.verdict).toBe('met');
    expect(a.speedup['ts-sdk']).toBe(6);
    expect(a.rounds['ts-sdk']).toEqual([6, 6.5]);
  });

  it('says when a target is met on the median but not in every round', () => {
    const a = analyse(w, { ours: r(1000, [1000, 1250]), 'ts-sdk': r(5500, [5500, 5500]), mysten: r(20000, [20000, 20000]), floor: r(900, [900, 900]) });
    expect(a.verdict).toBe('met on the median; not in every round (ts-sdk 4.4–5.5× by round)');
  });

  it('misses a target on the median, and on the floor ratio', () => {
    const a = analyse(w, { ours: r(1000, [1000]), 'ts-sdk': r(4500, [4500]), mysten: r(20000, [20000]), floor: r(400, [400]) });
    expect(a.verdict).toBe('missed (ts-sdk 4.5× < 5×; floor 2.50× > 2×)');
    expect(a.rounds['ts-sdk']).toBeUndefined(); // one round: no range
  });

  it('prints the round range next to each ratio', () => {
    const results = { ours: r(1000, [1000, 1100]), 'ts-sdk': r(6000, [6000, 6600]), mysten: r(20000, [22000, 20000]), floor: r(900, [900, 900]) };
    const row = speedTable([{ w, results, analysis: analyse(w, results) }]).split('\n')[2];
    expect(row).toBe('| transfer/encode | 1.00 µs | 6.00 µs | 20.0 µs | 900 ns | 6.0× (6.0–6.0) | 20× (18.2–22.0) | 1.11× | ≥ 5×, ≤ 2× | met |');
  });
});
