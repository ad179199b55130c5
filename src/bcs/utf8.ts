import { BcsError } from './error.js';

// Decoding is fatal: invalid UTF-8 is an error, never U+FFFD. A BOM is ordinary data and is kept.
const fatalDecoder = /* @__PURE__ */ new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = /* @__PURE__ */ new TextEncoder();

/** Byte length of `s` in UTF-8; throws on a lone surrogate (it has no UTF-8 encoding). */
export function utf8Length(s: string): number {
  const n = s.length;
  let len = n;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) { len += 1; continue; }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || next < 0xdc00 || next > 0xdfff) {
        throw new BcsError('invalid_utf8', `string has a lone surrogate at index ${i}`);
      }
      i++; // the pair is 4 bytes for 2 UTF-16 units
      len += 2;
      continue;
    }
    len += 2;
  }
  return len;
}

/** Writes `s` (already checked by utf8Length) into `out` at `off`; returns the new offset. */
export function utf8Write(s: string, out: Uint8Array, off: number, byteLength: number): number {
  const n = s.length;
  if (byteLength === n) {
    for (let i = 0; i < n; i++) out[off + i] = s.charCodeAt(i);
    return off + n;
  }
  if (n > 64) {
    encoder.encodeInto(s, out.subarray(off, off + byteLength));
    return off + byteLength;
  }
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) out[off++] = c;
    else if (c < 0x800) {
      out[off++] = 0xc0 | (c >> 6);
      out[off++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c <= 0xdbff) {
      c = 0x10000 + ((c - 0xd800) << 10) + (s.charCodeAt(++i) - 0xdc00);
      out[off++] = 0xf0 | (c >> 18);
      out[off++] = 0x80 | ((c >> 12) & 0x3f);
      out[off++] = 0x80 | ((c >> 6) & 0x3f);
      out[off++] = 0x80 | (c & 0x3f);
    } else {
      out[off++] = 0xe0 | (c >> 12);
      out[off++] = 0x80 | ((c >> 6) & 0x3f);
      out[off++] = 0x80 | (c & 0x3f);
    }
  }
  return off;
}

/** Decodes UTF-8 strictly. Short ASCII runs skip TextDecoder, whose call overhead dominates there. */
export function utf8Read(bytes: Uint8Array, start: number, end: number, offsetForError: number): string {
  const n = end - start;
  if (n <= 32) {
    let ascii = true;
    for (let i = start; i < end; i++) if (bytes[i] > 0x7f) { ascii = false; break; }
    if (ascii) {
      let s = '';
      for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i]);
      return s;
    }
  }
  try {
    return fatalDecoder.decode(bytes.subarray(start, end));
  } catch {
    throw new BcsError('invalid_utf8', 'malformed utf8', offsetForError);
  }
}

/** Encodes a well-formed string to UTF-8 bytes (lone surrogates rejected). */
export function utf8Encode(s: string): Uint8Array {
  const out = new Uint8Array(utf8Length(s));
  utf8Write(s, out, 0, out.length);
  return out;
}
