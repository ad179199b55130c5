// The ledger-bcs command line. Node-only code (process, fs) lives under src/cli and nowhere else.
import { isMainThread } from 'node:worker_threads';
import { commands } from './commands/index.js';
import { CliError, runCommand } from './run.js';

// The bundle is also the script of the replica's hash worker (replica/internal.ts): there, no command.
if (isMainThread) main();

function main(): void {
  // A reader that stops early (`… --batch | head`) closes the pipe: stop quietly, as Unix tools do,
  // instead of dying on an unhandled EPIPE with a stack trace. Any other output failure is one line.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && stream === process.stdout) process.stderr.write(`error: cannot write the output: ${e.message}\n`);
      process.exit(e.code === 'EPIPE' ? (typeof process.exitCode === 'number' ? process.exitCode : 0) : 1);
    });
  }

  const argv = process.argv.slice(2);
  runCommand(commands, argv).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      // Never a stack trace: an unexpected failure is one line and exit code 2.
      process.stderr.write(`${e instanceof CliError ? e.message : `error: unexpected failure: ${e instanceof Error ? e.message : String(e)}`}\n`);
      process.exitCode = e instanceof CliError ? e.exitCode : 2;
    },
  );
}
