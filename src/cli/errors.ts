/** A refusal of the command line itself (usage, a file it cannot read): one `error: …` line on stderr. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

/** A library error as the CLI prints it: its JSON, with `offset` only where there is one (never -1). */
export function errorJson(e: { toJSON(): { offset: number } & Record<string, unknown> }): Record<string, unknown> {
  const json = e.toJSON();
  if (json.offset >= 0) return json;
  const { offset: _, ...rest } = json;
  return rest;
}
