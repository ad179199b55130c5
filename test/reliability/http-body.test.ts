import { describe, expect, it } from 'vitest';
import { bodyText } from '../../src/http/body.js';
import { requestTextSliced as bodyTextSliced } from '../../src/submission/internal.js';
import { parseRequestBodySliced } from '../../src/submission/index.js';
import { oneAtATime } from '../../src/http/turns.js';
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
    const turns = oneAtATime();
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
});
