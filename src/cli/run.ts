import { createReadStream, fstatSync } from 'node:fs';
import { isBcsError, isUsageError } from '../bcs/index.js';

export interface Command {
  /** One line for `--help`. */
  summary: string;
  /** Usage line, e.g. `type-tag STRING`. */
  usage: string;
  run(args: string[], io: Io): Promise<number> | number;
}

export interface Io {
  out(text: string): void;
  /** Bytes to standard output as they are (no newline added); a command falls back to `out` without it. */
  outBytes?(bytes: Uint8Array): void;
  err(text: string): void;
  readStdin(): Promise<string>;
  /** Standard input as bytes, not decoded (a command that must see invalid UTF-8 as it is). */
  readStdinBytes?(): Promise<Uint8Array>;
  /** Standard input as it arrives, in byte chunks (for commands that stream, like `--batch`). */
  stdinChunks?(): AsyncIterable<Uint8Array>;
}

export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

declare const __VERSION__: string;
export const VERSION: string = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

export const processIo: Io = {
  out: (t) => process.stdout.write(t.endsWith('\n') ? t : `${t}\n`),
  outBytes: (b) => process.stdout.write(b),
  err: (t) => process.stderr.write(t.endsWith('\n') ? t : `${t}\n`),
  readStdin: async () => (await stdinBuffer()).toString('utf8'),
  readStdinBytes: stdinBuffer,
  // A file on stdin is read in large blocks; a pipe or terminal as process.stdin delivers it.
  stdinChunks: () => (fstatSync(0).isFile() ? createReadStream('', { fd: 0, highWaterMark: 1 << 20 }) : process.stdin) as AsyncIterable<Uint8Array>,
};

async function stdinBuffer(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export function helpText(commands: Record<string, Command>): string {
  const lines = [`ledger-bcs ${VERSION}: BCS codec and transaction encoder for Move ledgers`, '', 'Usage:'];
  const width = Math.max(...Object.values(commands).map((c) => c.usage.length), 20);
  for (const c of Object.values(commands)) lines.push(`  ledger-bcs ${c.usage.padEnd(width)}  ${c.summary}`);
  lines.push(`  ledger-bcs ${'--help'.padEnd(width)}  show this help`);
  lines.push(`  ledger-bcs ${'--version'.padEnd(width)}  print the version`);
  return lines.join('\n');
}

/** Runs one command; library errors become exit 1 with code, offset and path on stderr. */
export async function runCommand(commands: Record<string, Command>, argv: string[], io: Io = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText(commands));
    return name === undefined ? 1 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.out(VERSION);
    return 0;
  }
  const cmd = commands[name];
  if (!cmd) {
    io.err(`unknown command ${JSON.stringify(name)}; see ledger-bcs --help`);
    return 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`Usage: ledger-bcs ${cmd.usage}\n${cmd.summary}`);
    return 0;
  }
  try {
    return await cmd.run(rest, io);
  } catch (e) {
    if (isBcsError(e)) {
      io.err(`error: ${e.code}: ${e.message}`);
      io.err(JSON.stringify({ error: e.toJSON() }));
      return 1;
    }
    if (isUsageError(e)) {
      io.err(`error: ${e.code}: ${e.message}`);
      io.err(JSON.stringify({ error: { code: e.code, message: e.message } }));
      return 1;
    }
    if (e instanceof CliError) {
      io.err(`error: ${e.message}`);
      return e.exitCode;
    }
    throw e;
  }
}
