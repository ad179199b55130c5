import { concatBytes, readStreamCapped } from '../bcs/internal.js';
import { requestText } from '../submission/internal.js';
import { TOO_LARGE, type BodyPieces, type BodyRead, type Exchange } from './exchange.js';

// Request bodies: counted while they stream, never buffered past the limit.

/** The declared Content-Length, or undefined when absent or not a plain decimal. */
export function declaredLength(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  // Plain digits, the common case, without the regular expression (issue 32).
  let plain = header.length > 0;
  for (let i = 0; plain && i < header.length; i++) plain = isDigit(header.charCodeAt(i));
  if (plain) return Number(header);
  return /^\s*\d+\s*$/.test(header) ? Number(header) : undefined;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

/** Reads a web stream up to `limit` bytes; past it, cancels the stream and reports TOO_LARGE. */
export async function readStream(body: ReadableStream<Uint8Array> | null, limit: number): Promise<BodyRead> {
  return (await readStreamCapped(body, limit)) ?? TOO_LARGE;
}

/**
 * The body as text for the JSON parser. An empty body reads as `null`, as poem-openapi's `Json`
 * payload does, so the request type reports what it expected. Bytes that are not UTF-8 fail the
 * way serde_json's `from_slice` fails on them (`requestText`).
 */
export function bodyText(bytes: Uint8Array): string {
  return bytes.byteLength === 0 ? 'null' : requestText(bytes);
}

/** The body's pieces: the exchange's own (`readBodyPieces`), else its one array. */
export async function readPieces(ex: Exchange, limit: number): Promise<BodyPieces> {
  if (ex.readBodyPieces !== undefined) return ex.readBodyPieces(limit);
  const bytes = await ex.readBody(limit);
  return bytes === TOO_LARGE ? TOO_LARGE : [bytes];
}

/** The pieces in one array: a lone piece as it is unless `copy`. */
export function joinPieces(pieces: readonly Uint8Array[], copy = false): Uint8Array {
  if (pieces.length === 1 && copy) return pieces[0]!.slice();
  return concatBytes(pieces, piecesLength(pieces));
}

export function piecesLength(pieces: readonly Uint8Array[]): number {
  let size = 0;
  for (const p of pieces) size += p.byteLength;
  return size;
}
