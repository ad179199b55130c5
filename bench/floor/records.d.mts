export function decodeBlock(bytes: Uint8Array): unknown;
export function decodeSummaries(bytes: Uint8Array): unknown;
