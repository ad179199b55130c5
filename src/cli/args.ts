import { CliError } from './errors.js';

// The one argument parser of every command. A command declares its options (name, value or switch,
// one help line) and how many positionals it takes; `--flag value` and `--flag=value` are the same,
// `--` ends the options, `-` is a positional (standard input). Every refusal is worded here, once.

export interface OptionSpec {
  /** The value's placeholder in the help (`FILE`, `N`); none for a switch such as `--wait`. */
  value?: string;
  /** May be given more than once, every value kept (`--abi FILE`...); else a second one is refused. */
  repeat?: boolean;
  /** One short line for the command's help (in a group: a few words, shown in parentheses). */
  help: string;
  /** Listed under this heading, several to a line: rarely set options, so a command's help fits a terminal. */
  group?: string;
}

export type OptionSpecs = Record<string, OptionSpec>;

export interface Args {
  positionals: string[];
  /** The value of `name`, or undefined when it was not given. */
  value(name: string): string | undefined;
  /** Every value of a repeatable option, in order. */
  values(name: string): string[];
  /** Whether `name` (a switch, or an option with a value) was given. */
  has(name: string): boolean;
}

/** How a command's arguments read: its name, options and positionals (`[min, max]`, with their usage text). */
export interface ArgsSpec {
  command: string;
  options: OptionSpecs;
  positionals: readonly [min: number, max: number];
  /** The positionals in the usage line, e.g. `TYPE HEX|-`. */
  args: string;
}

export const usageLine = (s: ArgsSpec): string => ['ledger-bcs', s.command, Object.keys(s.options).length > 0 ? '[options]' : '', s.args].filter(Boolean).join(' ');

const seeHelp = (s: ArgsSpec) => `see ledger-bcs ${s.command} --help`;

export function unknownCommand(name: string): CliError {
  return new CliError(`unknown command ${JSON.stringify(name)}; see ledger-bcs --help`);
}

export function parseArgs(argv: readonly string[], spec: ArgsSpec): Args {
  const given = new Map<string, string[]>();
  const positionals: string[] = [];
  let optionsEnd = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (optionsEnd || !a.startsWith('--')) {
      if (positionals.length >= spec.positionals[1]) throw new CliError(`unexpected argument ${JSON.stringify(a)}; usage: ${usageLine(spec)}`);
      positionals.push(a);
      continue;
    }
    if (a === '--') {
      optionsEnd = true;
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    const option = Object.hasOwn(spec.options, name) ? spec.options[name]! : undefined;
    if (option === undefined) throw new CliError(`unknown option ${JSON.stringify(name)}; ${seeHelp(spec)}`);
    let v: string;
    if (option.value === undefined) {
      if (eq >= 0) throw new CliError(`${name} takes no value (got ${JSON.stringify(a)})`);
      v = '';
    } else if (eq >= 0) v = a.slice(eq + 1);
    else {
      const next = argv[i + 1];
      // `--abi --batch`: the next option, not a value (a value that starts with -- is given as --abi=--x).
      if (next === undefined || (next.startsWith('--') && next !== '--')) throw new CliError(`${name} needs a value`);
      v = next;
      i++;
    }
    const before = given.get(name);
    if (before && !option.repeat) throw new CliError(`${name} is given more than once`);
    given.set(name, [...(before ?? []), v]);
  }
  if (positionals.length < spec.positionals[0]) throw new CliError(`missing argument; usage: ${usageLine(spec)}`);
  return {
    positionals,
    value: (name) => given.get(name)?.[0],
    values: (name) => given.get(name) ?? [],
    has: (name) => given.has(name),
  };
}

/** An option's value as an integer in [min, max]. */
export function intOption(name: string, v: string, min: number, max: number): number {
  const n = /^\d{1,16}$/.test(v) ? Number(v) : NaN;
  if (!(n >= min && n <= max)) throw new CliError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(v)}`);
  return n;
}

/** `--chain-id N` (0..=255), or undefined when not given. */
export function chainIdOption(a: Args): number | undefined {
  const v = a.value('--chain-id');
  return v === undefined ? undefined : intOption('--chain-id', v, 0, 255);
}

/** `--chain-id N`, required: the chain a transaction is for is part of what is signed. */
export function requiredChainId(a: Args): number {
  const id = chainIdOption(a);
  if (id === undefined) throw new CliError('--chain-id N is required (the chain the transaction is for)');
  return id;
}
