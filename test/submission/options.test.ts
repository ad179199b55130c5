import { describe, expect, it } from 'vitest';
import { isBcsError, isUsageError } from '../../src/bcs/index.js';
import { abiRegistry, encodeSubmission, encodeSubmissionAsync } from '../../src/submission/index.js';

// Bad options are UsageErrors (code invalid_option), not BcsErrors: they are not about bytes, and
// not ApiErrors: the node never sees them.

const caught = async (f: () => unknown) => {
  try {
    await f();
  } catch (e) {
    return e;
  }
  throw new Error('expected an error');
};

describe('encode_submission options', () => {
  it('a bad chain id, abis, registry option or resolver placement is an invalid_option UsageError', async () => {
    for (const f of [
      () => encodeSubmission({}, { chainId: 256 }),
      () => encodeSubmission({}, { chainId: 4, abis: 7 as never }),
      () => abiRegistry([], { maxCachedFunctions: 0 }),
      () => abiRegistry([], { lookup: 'x' as never }),
      () => abiRegistry([], { resolve: 1 as never }),
      () => encodeSubmissionAsync({}, { chainId: 4, abis: abiRegistry(), resolve: async () => undefined } as never),
    ]) {
      const e = await caught(f);
      expect(isUsageError(e), String(e)).toBe(true);
      expect(isBcsError(e)).toBe(false);
      expect((e as { code: string }).code).toBe('invalid_option');
    }
  });
});
