import { createReadStream, fstatSync } from 'node:fs';
import { isBcsError, isUsageError } from '../bcs/index.js';
import { parseArgs, unknownCommand, usageLine, type Args, type ArgsSpec, type OptionSpecs } from './args.js';
import { CliError, errorJson } from './errors.js';

export { CliError };

export interface Command {
  /** One line in `ledger-bcs --help` (it fits beside the command's name in 80 columns). */
  summary: string;
  /** What the command does, for its own `--help` (the summary when absent). */
  description?: string;
  /** The positionals in the usage line, e.g. `TYPE HEX|-` ('' for none). */
  args: string;
  /** How many positionals it takes: [min, max]. */
  positionals: readonly [min: number, max: number];
  /** Every option it takes: the parser refuses any other, and its help lists each one. */
  options: OptionSpecs;
  /** A longer note (e.g. a list of names) at the end of its help. */
  notes?: string;
  run(args: Args, io: Io): Promise<number> | number;
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

/** Help fits a terminal: this many columns. */
export const HELP_WIDTH = 80;

/** `items` joined by `separator`, as many to a line as fit in `width` columns after `indent` (an item longer than a line stands alone). */
function fill(items: readonly string[], separator: string, indent: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line !== '' && indent.length + line.length + separator.length + item.length > width) {
      lines.push(indent + line);
      line = item;
    } else line = line === '' ? item : `${line}${separator}${item}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}

/** `text` in lines of at most `width` columns, each after `indent` (words longer than a line stand alone). */
export function wrap(text: string, indent: string, width = HELP_WIDTH): string[] {
  return fill(text.split(/\s+/).filter(Boolean), ' ', indent, width);
}

/** Whole `entries`, two spaces apart, as many to a line as fit (an entry longer than a line stands alone). */
function pack(entries: string[], indent: string): string[] {
  return fill(entries, '  ', indent, HELP_WIDTH);
}

const spec = (name: string, c: Command): ArgsSpec => ({ command: name, options: c.options, positionals: c.positionals, args: c.args });

/** `ledger-bcs NAME --help`: usage, what it does, then one line per option. */
export function commandHelp(name: string, c: Command): string {
  const lines = [...wrap(`Usage: ${usageLine(spec(name, c))}`, ''), ...wrap(c.description ?? c.summary, '')];
  const named = Object.entries(c.options).map(([flag, o]) => ({ o, name: (o.value === undefined ? flag : `${flag} ${o.value}`) + (o.repeat ? '...' : '') }));
  const plain = named.filter(({ o }) => o.group === undefined);
  const column = Math.min(Math.max(0, ...plain.map((n) => n.name.length)) + 4, 30);
  if (plain.length > 0) lines.push('', 'Options:');
  for (const { o, name } of plain) {
    const head = `  ${name}`;
    const [first = '', ...rest] = wrap(o.help, '', HELP_WIDTH - column);
    lines.push(head.length < column ? head.padEnd(column) + first : head, ...(head.length < column ? [] : [' '.repeat(column) + first]), ...rest.map((l) => ' '.repeat(column) + l));
  }
  for (const group of new Set(named.flatMap(({ o }) => (o.group === undefined ? [] : [o.group])))) {
    lines.push(`${group}:`, ...pack(named.filter(({ o }) => o.group === group).map(({ o, name }) => `${name} (${o.help})`), '  '));
  }
  if (c.notes) lines.push('', ...wrap(c.notes, ''));
  return lines.join('\n');
}

/** `ledger-bcs --help`: one line per command. */
export function helpText(commands: Record<string, Command>): string {
  const column = Math.max(...Object.keys(commands).map((n) => n.length)) + 4;
  const lines = [`ledger-bcs ${VERSION}: BCS codec and transaction encoder for Move ledgers`, '', 'Usage: ledger-bcs COMMAND [options] [ARGS]', '', 'Commands:'];
  for (const [name, c] of Object.entries(commands)) {
    const [first = '', ...rest] = wrap(c.summary, '', HELP_WIDTH - column);
    lines.push(`  ${name}`.padEnd(column) + first, ...rest.map((l) => ' '.repeat(column) + l));
  }
  lines.push('', 'ledger-bcs COMMAND --help shows its options; ledger-bcs --version its version.');
  return lines.join('\n');
}

/**
 * Runs one command. A refusal prints once on stderr, exit 1: a library error as one JSON body
 * (`{"error":{code, message, offset?, path}}`), a usage error as one `error: …` line.
 */
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
  try {
    const cmd = Object.hasOwn(commands, name) ? commands[name] : undefined;
    if (cmd === undefined) throw unknownCommand(name);
    const end = rest.indexOf('--');
    const options = end < 0 ? rest : rest.slice(0, end);
    if (options.includes('--help') || options.includes('-h')) {
      io.out(commandHelp(name, cmd));
      return 0;
    }
    return await cmd.run(parseArgs(rest, spec(name, cmd)), io);
  } catch (e) {
    if (isBcsError(e)) {
      io.err(JSON.stringify({ error: errorJson(e) }));
      return 1;
    }
    if (isUsageError(e)) {
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
