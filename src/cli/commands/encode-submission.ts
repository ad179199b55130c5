import { readFileSync } from 'node:fs';
import { BcsWriter, toHex } from '../../bcs/index.js';
import { concatBytes, hexInto } from '../../bcs/internal.js';
import {
  abiRegistry,
  encodeSubmission,
  parseRequestBody,
  type AbiRegistry,
  type MoveModuleJson,
} from '../../submission/index.js';
import { isApiError, type ErrorBody } from '../../records/index.js';
import { writeSubmission, requestText } from '../../submission/internal.js';
import { requiredChainId, type OptionSpec } from '../args.js';
import { CliError, type Command, type Io } from '../run.js';

// `ledger-bcs encode-submission`: the endpoint's job offline. One request prints the endpoint's 200
// body (the JSON string "0x…") on stdout, or its error body on stderr with exit 1. `--batch` reads
// JSON lines on stdin and answers each with one line, in order; a bad line never stops the batch.

/** `--abi FILE`..., as every command that reads Move values takes it. */
export const ABI_OPTION: OptionSpec = { value: 'FILE', repeat: true, help: 'ABIs beyond the framework (a module JSON, or a list)' };

/** Modules from `--abi FILE` arguments: each file holds one MoveModule JSON or an array of them. */
export function loadAbiFiles(files: readonly string[]): MoveModuleJson[] {
  const modules: MoveModuleJson[] = [];
  for (const f of files) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(f, 'utf8'));
    } catch (e) {
      throw new CliError(`cannot read ABI file ${JSON.stringify(f)}: ${(e as Error).message}`);
    }
    modules.push(...((Array.isArray(json) ? json : [json]) as MoveModuleJson[]));
  }
  return modules;
}

/** The endpoint's answer for one body: the signing message, or the error body. */
function answer(body: Uint8Array, chainId: number, abis: AbiRegistry): { ok: true; message: Uint8Array } | { ok: false; body: ErrorBody } {
  try {
    // Bytes, not text decoded on the way in: invalid UTF-8 fails as the node's JSON parser fails on it.
    return { ok: true, message: encodeSubmission(parseRequestBody(requestText(body)), { chainId, abis }).signingMessage };
  } catch (e) {
    if (isApiError(e)) return { ok: false, body: e.toJSON() };
    throw e;
  }
}

async function stdinBytes(io: Io): Promise<Uint8Array> {
  return io.readStdinBytes ? io.readStdinBytes() : new TextEncoder().encode(await io.readStdin());
}

// A block of answer lines built as ASCII bytes and turned into text once per block: per line, a
// string for the hex and another for the quoted line would cost more than the encoding itself.
class AnswerBlock {
  buf = new Uint8Array(1 << 20);
  off = 0;
  lines = 0;
  /** Over the whole batch: every answer, and the error bodies among them. */
  answered = 0;
  failed = 0;
  private readonly encoder = new TextEncoder();
  private readonly decoder = new TextDecoder();

  private room(n: number): void {
    if (this.off + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.off + n));
    next.set(this.buf.subarray(0, this.off));
    this.buf = next;
  }

  /** `"0x…"` of `m[0..n)` and a newline. */
  message(m: Uint8Array, n = m.length): void {
    this.room(2 * n + 6);
    const b = this.buf;
    b[this.off++] = 0x22; // "
    b[this.off++] = 0x30; // 0
    b[this.off++] = 0x78; // x
    this.off = hexInto(m, b, this.off, n);
    b[this.off++] = 0x22;
    b[this.off++] = 0x0a;
    this.lines++;
    this.answered++;
  }

  /** An error body's line. */
  text(line: string): void {
    this.answered++;
    this.failed++;
    const bytes = this.encoder.encode(line + '\n');
    this.room(bytes.length);
    this.buf.set(bytes, this.off);
    this.off += bytes.length;
    this.lines++;
  }

  flush(io: Io): void {
    if (this.off === 0) return;
    // As bytes where the output takes them: decoding to a string only for the stream to encode it
    // again cost ~5% of a batch. A copy, since the block's buffer is reused at once.
    if (io.outBytes) io.outBytes(this.buf.slice(0, this.off));
    else io.out(this.decoder.decode(this.buf.subarray(0, this.off)));
    this.off = 0;
    this.lines = 0;
  }
}

// Lines are answered as their chunk arrives (no wait for the whole input), in order. Each line is a
// request body of its own, bytes included: a line that is not UTF-8 is answered with the node's error
// for that body, and the lines around it as usual.
async function runBatch(io: Io, chainId: number, abis: AbiRegistry): Promise<number> {
  const chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> = io.stdinChunks ? io.stdinChunks() : [await stdinBytes(io)];
  const block = new AnswerBlock();
  // Every message is written into this one writer and copied out as hex: no result array per line.
  const w = new BcsWriter(1024);
  const options = { chainId, abis };
  /** One line's body (its CR, if any, already removed). */
  const answerText = (body: string): void => {
    w.off = 0;
    w.depth = 0;
    try {
      writeSubmission(w, parseRequestBody(body), options);
    } catch (e) {
      if (!isApiError(e)) throw e;
      block.text(JSON.stringify(e.toJSON()));
      return;
    }
    block.message(w.buf, w.off);
  };
  /** Complete lines (no newline after the last): decoded at once, or line by line when some are not UTF-8. */
  const answerLines = (bytes: Uint8Array): void => {
    let text: string | undefined;
    try {
      text = requestText(bytes);
    } catch {
      for (let from = 0; from <= bytes.length; ) {
        const nl = bytes.indexOf(0x0a, from);
        const to = nl < 0 ? bytes.length : nl;
        try {
          // Without the CR of a CRLF line, as a line that is UTF-8 is answered below.
          text = requestText(bytes.subarray(from, to > from && bytes[to - 1] === 0x0d ? to - 1 : to));
        } catch (e) {
          if (!isApiError(e)) throw e;
          block.text(JSON.stringify(e.toJSON()));
          text = undefined;
        }
        if (text !== undefined) answerText(text);
        from = to + 1;
      }
      return;
    }
    for (const line of text.split('\n')) answerText(line.endsWith('\r') ? line.slice(0, -1) : line);
  };
  // The start of a line still arriving: kept as chunks and joined once, when its newline comes, so
  // a long line costs linear time (not a copy and a rescan of everything so far per chunk).
  let pending: Uint8Array[] = [];
  let pendingSize = 0;
  for await (const chunk of chunks) {
    const end = chunk.lastIndexOf(0x0a);
    if (end < 0) {
      if (chunk.length > 0) pending.push(chunk);
      pendingSize += chunk.length;
      continue;
    }
    pending.push(chunk.subarray(0, end));
    answerLines(concatBytes(pending, pendingSize + end));
    pending = [chunk.subarray(end + 1)];
    pendingSize = chunk.length - end - 1;
    if (block.lines >= 4096) block.flush(io);
  }
  // A last line without a newline is answered; nothing after the last newline (or no input) is no line.
  if (pendingSize > 0) answerLines(concatBytes(pending, pendingSize));
  block.flush(io);
  if (block.failed === 0) return 0;
  io.err(`${block.failed} of ${block.answered} requests failed (their error bodies are on stdout, in order)`);
  return 1;
}

export const encodeSubmissionCommand: Command = {
  summary: 'encode a request as POST /transactions/encode_submission',
  description:
    'Encode a JSON transaction request as POST /v1/transactions/encode_submission would: prints the JSON string "0x…" (the signing message); a refusal prints the error body on stderr, exit 1. --batch: exit 1 if any line failed.',
  args: '[REQUEST.json|-]',
  positionals: [0, 1],
  options: {
    '--chain-id': { value: 'N', help: 'the chain the transaction is for (required)' },
    '--abi': ABI_OPTION,
    '--batch': { help: 'JSON lines on stdin: one answer line each, in order' },
  },
  async run(a, io) {
    const chainId = requiredChainId(a);
    const source = a.positionals[0] ?? '-';
    const batch = a.has('--batch');
    if (batch && source !== '-') throw new CliError('--batch reads JSON lines from stdin only');
    const abis = abiRegistry(loadAbiFiles(a.values('--abi')));
    if (batch) return runBatch(io, chainId, abis);
    let body: Uint8Array;
    try {
      body = source === '-' ? await stdinBytes(io) : readFileSync(source);
    } catch (e) {
      throw new CliError(`cannot read ${JSON.stringify(source)}: ${(e as Error).message}`);
    }
    const r = answer(body, chainId, abis);
    if (r.ok) {
      io.out(`"${toHex(r.message)}"`);
      return 0;
    }
    io.err(JSON.stringify(r.body));
    return 1;
  },
};
