import { describe, expect, it } from 'vitest';
import { bodyText } from '../../src/http/body.js';
import { requestTextSliced as bodyTextSliced } from '../../src/submission/internal.js';
import { parseRequestBodySliced } from '../../src/submission/index.js';
import { fairTurns } from '../../src/http/turns.js';
import { messageOf } from './helpers.js';

describe('large request bodies in the handler', () => {
  it('are decoded to text in slices with the same text, and fail as bodyText does when not UTF-8', async () => {
    const text = `{"a":"${'é€😀'.repeat(400_000)}"}`;
    const bytes = new TextEncoder().encode(text);
    expect(bytes.byteLength).toBeGreaterThan(3 << 20);
    expect(await bodyTextSliced(bytes)).toEqual({ text, invalidAt: -1 });
    const bad = bytes.slice();
    bad[(2 << 20) + 1] = 0xff;
    const one = messageOf(() => bodyText(bad));
    expect(one).toMatch(/^parse request payload error: /);
    const marked = await bodyTextSliced(bad);
    expect(marked.invalidAt).toBeGreaterThan(0);
    await expect(parseRequestBodySliced(marked.text, marked.invalidAt)).rejects.toThrow(one);
    // Outside a string, too.
    const outside = new TextEncoder().encode(`[${'1.5,'.repeat(300_000)}1]`);
    outside[500_000] = 0xff;
    const m2 = await bodyTextSliced(outside);
    await expect(parseRequestBodySliced(m2.text, m2.invalidAt)).rejects.toThrow(messageOf(() => bodyText(outside)));
  });

  it('take turns: the next parse starts when the previous one settled, failed or not', async () => {
    const turns = fairTurns();
    const log: string[] = [];
    const work = (name: string, fail = false) => async () => {
      log.push(`${name} start`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
    const all = [turns(work('a', true)), turns(work('b')), turns(work('c'))];
    expect(await Promise.allSettled(all)).toMatchObject([{ status: 'rejected' }, { value: 'b' }, { value: 'c' }]);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('go to the earliest expected finish: a small body passes large ones queued just before it, not ones long queued', async () => {
    let t = 0;
    const turns = fairTurns(() => t);
    const log: string[] = [];
    const work = (name: string) => async () => {
      log.push(name);
      await new Promise((r) => setTimeout(r, 1));
    };
    const MiB = 1 << 20;
    const all = [turns(work('running'), { bytes: 8 * MiB })];
    t = 0;
    all.push(turns(work('old 8 MiB'), { bytes: 8 * MiB })); // expected finish 800
    t = 790;
    all.push(turns(work('new 8 MiB'), { bytes: 8 * MiB })); // 1590
    t = 795;
    all.push(turns(work('100 KB'), { bytes: 100_000 })); // 804.5: after the old one, before the new
    all.push(turns(work('1 KB'), { bytes: 1000 })); // 795.1: first of all waiting
    await Promise.all(all);
    expect(log).toEqual(['running', '1 KB', 'old 8 MiB', '100 KB', 'new 8 MiB']);
  });

  it('drop abandoned bodies from the queue unparsed, while another parse runs', async () => {
    const turns = fairTurns();
    let gone = false;
    const ran: string[] = [];
    let finish!: () => void;
    const first = turns(() => {
      ran.push('first');
      return new Promise<void>((r) => (finish = r));
    });
    const dropped = turns(async () => void ran.push('dropped'), { bytes: 8 << 20, abandoned: () => (gone ? new Error('closed') : undefined) });
    gone = true;
    // Let go within a sweep (100 ms), while the first parse is still under way.
    await expect(dropped).rejects.toThrow('closed');
    expect(ran).toEqual(['first']);
    finish();
    await first;
    expect(ran).toEqual(['first']);
  });

  it('a sliced parse stops at the next slice once its caller gave up', async () => {
    let calls = 0;
    const stop = () => (++calls >= 3 ? new Error('gone') : undefined);
    await expect(parseRequestBodySliced(`[${'{},'.repeat(100_000)}{}]`, -1, stop)).rejects.toThrow('gone');
    expect(calls).toBe(3);
  });
});
