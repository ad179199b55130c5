import { describe, expect, it } from 'vitest';
import { bodyText, bodyTextSliced } from '../../src/http/body.js';
import { oneAtATime } from '../../src/http/turns.js';
import { messageOf } from './helpers.js';

describe('large request bodies in the handler', () => {
  it('are decoded to text in slices with the same text and the same errors', async () => {
    const text = `{"a":"${'é€😀'.repeat(400_000)}"}`;
    const bytes = new TextEncoder().encode(text);
    expect(bytes.byteLength).toBeGreaterThan(3 << 20);
    expect(await bodyTextSliced(bytes)).toBe(text);
    const bad = bytes.slice();
    bad[(2 << 20) + 1] = 0xff;
    const one = messageOf(() => bodyText(bad));
    expect(one).toMatch(/^parse request payload error: /);
    await expect(bodyTextSliced(bad)).rejects.toThrow(one);
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
