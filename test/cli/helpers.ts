import { commands } from '../../src/cli/commands/index.js';
import { runCommands, type CliResult } from './run-commands.js';

/** Runs the CLI in process with `stdin` as standard input; its exit code and both outputs. */
export function runCli(argv: string[], stdin = ''): Promise<CliResult> {
  return runCommands(commands, argv, stdin);
}
