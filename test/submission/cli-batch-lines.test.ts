import { describe, expect, it } from 'vitest';
import { commands } from '../../src/cli/commands/index.js';
import { runCommand, type Io } from '../../src/cli/run.js';

// How `encode-submission --batch` cuts its input into lines: each line one answer, and nothing else.

const utf8 = (s: string) => new TextEncoder().encode(s);

/** The answer lines for `chunks` (through stdinChunks, or through readStdin when `streamed` is false). */
async function answers(chunks: Uint8Array[], streamed = true): Promise<string[]> {
  let out = '';
  const decoder = new TextDecoder();
  const io: Io = {
    out: (t) => void (out += t + '\n'),
    outBytes: (b) => void (out += decoder.decode(b)),
    err: () => {},
    readStdin: async () => chunks.map((c) => decoder.decode(c)).join(''),
    ...(streamed ? { stdinChunks: async function* () { yield* chunks; } } : {}),
  };
  const code = await runCommand(commands, ['encode-submission', '--chain-id', '4', '--batch'], io);
  const lines = out === '' ? [] : out.slice(0, -1).split('\n').map((l) => JSON.parse(l) as { message: string } | string);
  // Exit 1 exactly when some line was answered with an error body.
  expect(code).toBe(lines.some((l) => typeof l === 'object') ? 1 : 0);
  return lines.map((l) => (typeof l === 'object' ? l.message : l));
}

const EOF_MESSAGE = 'parse request payload error: EOF while parsing a value at line 1 column 0';
const NULL_MESSAGE = 'parse request payload error: Expected input type "EncodeSubmissionRequest", found null. (occurred while parsing "EncodeSubmissionRequest")';

describe('encode-submission --batch lines', () => {
  it('no input, or empty chunks, is no line (no answer for an empty body)', async () => {
    expect(await answers([utf8('')], false)).toEqual([]);
    expect(await answers([])).toEqual([]);
    expect(await answers([utf8('')])).toEqual([]);
    expect(await answers([utf8('null\n'), utf8(''), utf8('')])).toEqual([NULL_MESSAGE]);
    expect(await answers([utf8('nu'), utf8(''), utf8('ll')])).toEqual([NULL_MESSAGE]);
  });

  it('an empty line in the input is an empty body, answered; a final line needs no newline', async () => {
    expect(await answers([utf8('null\n\r\nnull')])).toEqual([NULL_MESSAGE, EOF_MESSAGE, NULL_MESSAGE]);
  });

  it('a CRLF line that is not UTF-8 is answered without its CR, as one that is UTF-8', async () => {
    // `"` 0xff: the string never ends, so serde_json reports the end of the body (column 2 of `"` 0xff).
    const unterminated = 'parse request payload error: EOF while parsing a string at line 1 column 2';
    const crlf = Uint8Array.of(0x22, 0xff, 0x0d, 0x0a, 0x22, 0x61, 0x0d, 0x0a, 0x0d, 0x0a, 0x22, 0xff, 0x0a);
    expect(await answers([crlf])).toEqual([unterminated, unterminated, EOF_MESSAGE, unterminated]);
  });

  it('a long line arriving in many chunks costs linear time (not a copy and a rescan per chunk)', async () => {
    // 16 MB of whitespace before `null`, in 4 KB chunks: copying what has arrived at every chunk
    // moved ~32 GB (about half a minute); the generator gives up past the budget so a failure is quick.
    const spaces = new Uint8Array(4096).fill(0x20);
    const start = Date.now();
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < 4096; i++) {
        if (Date.now() - start > 3000) throw new Error('the batch reader is too slow on a long line');
        yield spaces;
      }
      yield utf8('null\nnull');
    }
    let out = '';
    const io: Io = { out: (t) => void (out += t + '\n'), err: () => {}, readStdin: async () => '', stdinChunks: chunks };
    expect(await runCommand(commands, ['encode-submission', '--chain-id', '4', '--batch'], io)).toBe(1);
    expect(out.trimEnd().split('\n').map((l) => (JSON.parse(l) as { message: string }).message)).toEqual([NULL_MESSAGE, NULL_MESSAGE]);
  });
});
