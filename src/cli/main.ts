// The ledger-bcs command line. Node-only code (process, fs) lives under src/cli and nowhere else.
import { commands } from './commands/index.js';
import { CliError, runCommand } from './run.js';

const argv = process.argv.slice(2);
runCommand(commands, argv).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`${e instanceof CliError ? e.message : String((e as Error)?.stack ?? e)}\n`);
    process.exitCode = e instanceof CliError ? e.exitCode : 2;
  },
);
