// Types of status-codes.mjs, for the tests.
export function statusCodeGroups(rust: string): string[];
