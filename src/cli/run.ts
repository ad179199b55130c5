import { createReadStream, fstatSync } from 'node:fs';
import { isBcsError, isUsageError } from '../bcs/index.js';
import { splitFlagValues } from './input.js';

export interface Command {
  /** One line for `--help`. */
  summary: string;
  /** Usage line, e.g. `type-tag STRING`. */
  usage: string;
  /** A longer note (e.g. a list of names) shown once at the end of the help, however many commands share it. */
  notes?: string;
  /** Options that take no value (`--wait`): `--wait=x` is refused rather than read as `--wait x`. */
  switches?: readonly string[];
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

/** Help lines fit this many columns. */
export const HELP_WIDTH = 100;

/** `text` in lines of at most `width` columns, each after `indent` (words longer than a line stand alone). */
export function wrap(text: string, indent: string, width = HELP_WIDTH): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

function commandHelp(c: Command): string[] {
  return [...wrap(`ledger-bcs ${c.usage}`, '  ', HELP_WIDTH - 2).map((l, i) => (i === 0 ? l : `    ${l.trimStart()}`)), ...wrap(c.summary, '      ')];
}

export function helpText(commands: Record<string, Command>): string {
  const lines = [`ledger-bcs ${VERSION}: BCS codec and transaction encoder for Move ledgers`, '', 'Usage:'];
  for (const c of Object.values(commands)) lines.push(...commandHelp(c));
  lines.push('  ledger-bcs --help | COMMAND --help', '  ledger-bcs --version');
  const notes = [...new Set(Object.values(commands).flatMap((c) => (c.notes ? [c.notes] : [])))];
  for (const n of notes) lines.push('', ...wrap(n, ''));
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
    io.out(['Usage:', ...commandHelp(cmd), ...(cmd.notes ? ['', ...wrap(cmd.notes, '')] : [])].join('\n'));
    return 0;
  }
  try {
    return await cmd.run(splitFlagValues(rest, cmd.switches), io);
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
