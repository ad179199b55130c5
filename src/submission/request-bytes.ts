import { concatBytes } from '../bcs/internal.js';
import { failOnInvalidUtf8, nextTurn } from './json-text.js';

// Request bodies arrive as bytes; serde_json's `from_slice` reads them without a separate UTF-8
// decoding step, so a body that is not UTF-8 fails where its parser meets the bad byte.

// Annotated pure: an unannotated top-level `new` would stay in every bundle that imports this module.
const UTF8: TextDecoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Request bytes as text for `parseRequestBody`. Bytes that are not UTF-8 fail as serde_json's
 * `from_slice` fails on them: inside a string, `invalid unicode code point` after the string's
 * closing quote; elsewhere, the syntax error an unexpected character makes there (400
 * `web_framework_error`).
 */
export function requestText(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes);
  } catch {
    const { text, firstInvalid } = markInvalidUtf8(bytes);
    return failOnInvalidUtf8(text, firstInvalid);
  }
}

// Pieces of this size are decoded between turns of the event loop: an 8 MiB body at once held it
// for tens of milliseconds on a busy machine.
const TEXT_SLICE = 1 << 20;

/**
 * A large body's text for `parseRequestBodySliced`, decoded in slices that yield to the event loop.
 * The body may come in pieces (the node adapter's blocks), decoded in order without joining them.
 * A body that is not UTF-8 comes back marked (`invalidAt` ≥ 0), so the sliced parse fails on it as
 * `requestText` would, without a parse that holds the event loop.
 */
export async function requestTextSliced(body: Uint8Array | readonly Uint8Array[]): Promise<{ text: string; invalidAt: number }> {
  const pieces = ArrayBuffer.isView(body) ? [body] : body;
  // A decoder of its own: a streaming decode keeps state across the turns it yields.
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let text = '';
  let size = 0;
  let sinceTurn = 0;
  try {
    for (const bytes of pieces) {
      for (let at = 0; at < bytes.byteLength; at += TEXT_SLICE) {
        const end = Math.min(bytes.byteLength, at + TEXT_SLICE);
        text += decoder.decode(bytes.subarray(at, end), { stream: true });
        size += end - at;
        sinceTurn += end - at;
        if (sinceTurn >= TEXT_SLICE) {
          sinceTurn = 0;
          await nextTurn();
        }
      }
    }
    text += decoder.decode();
  } catch {
    const { text: marked, firstInvalid } = markInvalidUtf8(concatBytes(pieces, pieces.reduce((n, p) => n + p.byteLength, 0)));
    return { text: marked, invalidAt: firstInvalid };
  }
  return { text: size === 0 ? 'null' : text, invalidAt: -1 };
}

/** The text of `b` with each byte of an invalid UTF-8 sequence as `@` (one byte, as in the body). */
export function markInvalidUtf8(b: Uint8Array): { text: string; firstInvalid: number } {
  let text = '';
  let firstInvalid = -1;
  let validFrom = 0;
  let i = 0;
  const flush = (to: number) => {
    if (to > validFrom) text += UTF8.decode(b.subarray(validFrom, to));
  };
  while (i < b.length) {
    const n = sequenceLength(b, i);
    if (n > 0) {
      i += n;
      continue;
    }
    flush(i);
    if (firstInvalid < 0) firstInvalid = text.length;
    text += '@';
    validFrom = ++i;
  }
  flush(b.length);
  return { text, firstInvalid };
}

/** The length of the valid UTF-8 sequence at `i`, or 0 when the byte there starts none. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
  if (n < 0) return 0;
  for (let k = 1; k <= n; k++) {
    const d = b[i + k];
    if (d === undefined || (d & 0xc0) !== 0x80) return 0;
  }
  // Overlongs, surrogates and values past U+10FFFF.
  const d1 = b[i + 1]!;
  if ((c === 0xe0 && d1 < 0xa0) || (c === 0xed && d1 > 0x9f) || (c === 0xf0 && d1 < 0x90) || (c === 0xf4 && d1 > 0x8f)) return 0;
  return n + 1;
}
