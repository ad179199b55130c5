import type { Io } from '../../src/cli/run.js';

/** An in-process CLI Io that keeps what a command writes: `lines` its stderr lines, `out` its stdout
 * lines; `waitFor` resolves with the first stderr line matching `re` (polling, as a running `serve`
 * logs as it goes) and fails after `ms` with all the lines so far. */
export function capturedIo() {
  const lines: string[] = [];
  const out: string[] = [];
  const io: Io = { out: (t) => void out.push(t), err: (t) => void lines.push(t), readStdin: async () => '' };
  const waitFor = async (re: RegExp, ms = 10_000): Promise<RegExpMatchArray> => {
    const end = Date.now() + ms;
    for (;;) {
      for (const l of lines) {
        const m = l.match(re);
        if (m) return m;
      }
      if (Date.now() > end) throw new Error(`no line matching ${re}: ${lines.join('\n')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { io, lines, out, waitFor };
}
