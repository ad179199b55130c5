import { existsSync, readFileSync } from 'node:fs';
import { CliError } from './errors.js';
import type { Io } from './run.js';

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
 * A file the package ships (fixtures/…), by its path in the package: this module is src/cli/input.ts,
 * or bundled into dist/cli/main.js, two levels below the package root either way.
 */
export function readBundledFile(path: string): string {
  try {
    return readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  } catch (e) {
    throw new CliError(`cannot read ${path} (it ships with the package): ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (e as Error).message}`);
  }
}
