import { commands } from '../../src/cli/commands/index.js';
import { runCommand, type Io } from '../../src/cli/run.js';

/** Runs the CLI in process with `stdin` as standard input; its exit code and both outputs. */
export async function runCli(argv: string[], stdin = ''): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => void (out += t + '\n'), err: (t) => void (err += t + '\n'), readStdin: async () => stdin };
  const code = await runCommand(commands, argv, io);
  return { code, out, err };
}
