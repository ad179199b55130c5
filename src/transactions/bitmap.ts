import { BcsError, quote } from '../bcs/index.js';
import { expectArray, expectBytes } from './checks.js';

// Signer bitmaps (MultiEd25519 signature tail, MultiKey BitVec): bit i is byte i/8, mask 0x80 >> i%8.

/** Bitmap of `bytes` bytes (4, as the node and ts-sdk use) with the bits of `indices` set. */
export function bitmapFromIndices(indices: readonly number[], bytes = 4): Uint8Array {
  expectArray(indices, 'signer indices');
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > 32) throw new BcsError('out_of_range', `a bitmap is 1 to 32 bytes, got ${typeof bytes === 'number' ? bytes : quote(bytes)}`);
  const out = new Uint8Array(bytes);
  for (const i of indices) {
    if (!Number.isInteger(i) || i < 0 || i >= bytes * 8) {
      throw new BcsError('out_of_range', `signer index ${i} does not fit a ${bytes}-byte bitmap`);
    }
    const mask = 0x80 >> (i & 7);
    if (out[i >> 3] & mask) throw new BcsError('invalid_length', `signer index ${i} appears twice`);
    out[i >> 3] |= mask;
  }
  return out;
}

/** Indices of the set bits, ascending. */
export function indicesFromBitmap(bitmap: Uint8Array): number[] {
  expectBytes(bitmap);
  const out: number[] = [];
  for (let i = 0; i < bitmap.length * 8; i++) if (bitmap[i >> 3] & (0x80 >> (i & 7))) out.push(i);
  return out;
}

export function countBits(bitmap: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bitmap.length; i++) {
    let b = bitmap[i];
    while (b) {
      n += b & 1;
      b >>= 1;
    }
  }
  return n;
}
