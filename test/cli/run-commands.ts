import { runCommand, type Command, type Io } from '../../src/cli/run.js';

export interface CliResult { code: number; out: string; err: string }

/** Runs `table` in process with `stdin` as standard input; its exit code and both outputs. A test may pass a
 * smaller table than the CLI's so that it loads only the layers it tests. */
export async function runCommands(table: Record<string, Command>, argv: string[], stdin = ''): Promise<CliResult> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n'), readStdin: async () => stdin };
  const code = await runCommand(table, argv, io);
  return { code, out, err };
}
