import { existsSync, readFileSync } from 'node:fs';
import { CliError, type Io } from './run.js';

// What every command that reads an input takes alike: a file path, or `-` for standard input.

/** The bytes of `source`: standard input for `-`, else the file. */
export async function readSource(source: string, io: Io): Promise<Uint8Array> {
  if (source === '-') return io.readStdinBytes ? io.readStdinBytes() : new TextEncoder().encode(await io.readStdin());
  try {
    return readFileSync(source);
  } catch (e) {
    throw new CliError(`cannot read ${JSON.stringify(source)}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}

export async function readSourceText(source: string, io: Io): Promise<string> {
  if (source === '-' && !io.readStdinBytes) return io.readStdin();
  return new TextDecoder().decode(await readSource(source, io));
}

/** JSON given inline (an argument that is JSON and names no file), from a file, or from `-`. */
export async function readJsonArg(source: string, io: Io): Promise<unknown> {
  const inline = source !== '-' && (/^\s*[[{"]/.test(source) || (!existsSync(source) && isJson(source)));
  const text = inline ? source : await readSourceText(source, io);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new CliError(`input is not JSON: ${(e as Error).message}`);
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `--name=value` written as `--name value`, so every command's parser takes both forms; a value
 * given to one of `switches` (options that take none) is an error, not a stray argument.
 */
export function splitFlagValues(args: readonly string[], switches: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const a of args) {
    const m = /^(--[a-z][a-z0-9-]*)=(.*)$/s.exec(a);
    if (m && switches.includes(m[1]!)) throw new CliError(`${m[1]} takes no value (got ${JSON.stringify(a)})`);
    if (m) out.push(m[1]!, m[2]!);
    else out.push(a);
  }
  return out;
}

export interface ParsedArgs {
  values: Map<string, string[]>;
  flags: Set<string>;
  positionals: string[];
}

/**
 * Options by name: `value` ones take one value (repeatable ones collect), `flag` ones none. More
 * positionals than `maxPositionals`, or an unknown option, is a usage error.
 */
export function parseArgs(args: readonly string[], spec: Record<string, 'value' | 'flag'>, maxPositionals: number, usage: string): ParsedArgs {
  const out: ParsedArgs = { values: new Map(), flags: new Set(), positionals: [] };
  const list = splitFlagValues(args);
  for (let i = 0; i < list.length; i++) {
    const a = list[i]!;
    if (a.startsWith('--')) {
      const kind = spec[a];
      if (kind === undefined) throw new CliError(`unknown option ${JSON.stringify(a)}; usage: ledger-bcs ${usage}`);
      if (kind === 'flag') {
        out.flags.add(a);
        continue;
      }
      const v = list[++i];
      if (v === undefined) throw new CliError(`${a} needs a value`);
      out.values.set(a, [...(out.values.get(a) ?? []), v]);
    } else if (out.positionals.length >= maxPositionals) {
      throw new CliError(`unexpected argument ${JSON.stringify(a)}; usage: ledger-bcs ${usage}`);
    } else out.positionals.push(a);
  }
  return out;
}

export function intOption(name: string, v: string, min: number, max: number): number {
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  if (!(n >= min && n <= max)) throw new CliError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  return n;
}
