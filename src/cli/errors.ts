/** A refusal of the command line itself (usage, a file it cannot read): one `error: …` line on stderr. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}
