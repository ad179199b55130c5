// Types of scripts/build-page.mjs (a plain script: the build runs it without compiling it).

/** The page's HTML text, built from the current sources. */
export function signingPageHtml(): Promise<string>;
/** Writes the page to `outFile` (default dist/signing.html); returns its path and size in bytes. */
export function buildSigningPage(outFile?: string): Promise<{ path: string; bytes: number }>;
