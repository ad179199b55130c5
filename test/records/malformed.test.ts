import { describe, expect, it } from 'vitest';
import { bcs, fromHex, isBcsError, toHex } from '../../src/bcs/index.js';
import { bcsBlock, blockEpiloguePayload, decodeResponse, transactionInfo, transactionOnChainData, transactionSummaries, writeSet } from '../../src/records/index.js';
import golden from '../../fixtures/records/golden.json' with { type: 'json' };

const hexOf = (name: string) => golden.vectors.find((v) => v.name === name)!.bcs;
function failure(f: () => unknown): [string, number, string] {
  try {
    f();
  } catch (e) {
    if (isBcsError(e)) return [e.code, e.offset, e.path];
    throw e;
  }
  throw new Error('expected a BcsError');
}

const ws = hexOf('WriteSet, three key kinds');
// Entries of the golden write set: 00 03 ‖ k1 v1 ‖ k2 v2 ‖ k3 v3 (lengths from the fixture builder).
const k1v1 = ws.slice(4, 4 + 2 * (1 + 32 + 1 + 39 + 1 + 2 + 1 + 24));
const rest = ws.slice(4 + k1v1.length);
const k2v2 = rest.slice(0, 2 * (1 + 32 + 2 + 1));
const k3v3 = rest.slice(k2v2.length);

describe('malformed records fail with code, offset and path', () => {
  it('the golden write set splits where expected (guards the slicing below)', () => {
    expect(k1v1.slice(0, 2)).toBe('00');
    expect(k2v2.slice(0, 2)).toBe('01');
    expect(k3v3.slice(0, 4)).toBe('0203');
    expect(() => writeSet.schema.decode(fromHex(ws))).not.toThrow();
  });
  it('write-set map out of order', () => {
    const swapped = '0003' + k2v2 + k1v1 + k3v3;
    expect(failure(() => writeSet.schema.decode(fromHex(swapped)))).toEqual(['non_canonical_map', 2 + k2v2.length / 2, 'V0[1]']);
  });
  it('write-set map with a duplicate key', () => {
    const dup = '0002' + k2v2 + k2v2;
    expect(failure(() => writeSet.schema.decode(fromHex(dup)))).toEqual(['non_canonical_map', 2 + k2v2.length / 2, 'V0[1]']);
  });
  it('encoding a write set with a duplicate key is refused too', () => {
    const op = { $kind: 'Deletion' } as const;
    const key = { $kind: 'Raw', value: new Uint8Array([1]) } as const;
    expect(() => writeSet.schema.encode({ $kind: 'V0', value: [{ key, value: op }, { key, value: op }] })).toThrow(/duplicate map key/);
  });
  it('bad option tag inside TransactionInfo', () => {
    const info = hexOf('TransactionInfo with MoveAbort');
    // stateCheckpointHash's tag sits after 1 + 8 + status + 3×32 bytes; status = 1 + 1 + 32 + 5 + 8 + 1 + (1+21) + (1+16) bytes.
    const at = 1 + 8 + (1 + 1 + 32 + 5 + 8 + 1 + 22 + 17) + 96;
    expect(info.slice(at * 2, at * 2 + 2)).toBe('01');
    const bad = info.slice(0, at * 2) + '02' + info.slice(at * 2 + 2);
    expect(failure(() => transactionInfo.schema.decode(fromHex(bad)))).toEqual(['expected_option', at, 'V0.stateCheckpointHash']);
  });
  it('trailing bytes after a record', () => {
    const s = hexOf('V16 IndexedTransactionSummary');
    expect(failure(() => decodeResponse('transaction_summaries', fromHex('01' + s + '00')))).toEqual(['remaining_input', 1 + s.length / 2, '']);
    const block = hexOf('BcsBlock with metadata-ext, user, checkpoint and epilogue transactions');
    expect(failure(() => bcsBlock.schema.decode(fromHex(block + 'ff')))[0]).toBe('remaining_input');
  });
  it('huge declared lengths are refused before allocating', () => {
    // Refused at the length itself (offset 0, no element path): a decoder that allocated or looped
    // first would fail later, at offset 5 inside element [0].
    expect(failure(() => transactionSummaries.schema.decode(fromHex('ffffffff07')))).toEqual(['unexpected_end', 0, '']);
    expect(failure(() => writeSet.schema.decode(fromHex('00' + 'ffffffff07')))).toEqual(['unexpected_end', 1, 'V0']);
    expect(() => transactionSummaries.schema.decode(fromHex('ffffffff07'))).toThrow(/sequence length 2147483647 needs at least/);
    const header = hexOf('BcsBlock without transactions (field absent)');
    const [code, offset, path] = failure(() => bcsBlock.schema.decode(fromHex(header + '01' + 'ffffffff07')));
    expect([code, offset, path]).toEqual(['unexpected_end', 65, 'transactions']);
    expect(['unexpected_end', 'exceeded_max_length']).toContain(code);
  });
  it('unknown Transaction variant, with the path down to it', () => {
    const block = hexOf('BcsBlock with metadata-ext, user, checkpoint and epilogue transactions');
    // First transaction: 64-byte header, 01, uleb 04, version (8 bytes), then the variant index.
    const at = 64 + 1 + 1 + 8;
    expect(block.slice(at * 2, at * 2 + 2)).toBe('05');
    const bad = block.slice(0, at * 2) + '07' + block.slice(at * 2 + 2);
    expect(failure(() => bcsBlock.schema.decode(fromHex(bad)))).toEqual(['invalid_variant', at, 'transactions[0].transaction']);
  });
  it('truncated committed transaction', () => {
    const block = hexOf('BcsBlock with metadata-ext, user, checkpoint and epilogue transactions');
    const one = block.slice((64 + 2) * 2);
    expect(failure(() => transactionOnChainData.schema.decode(fromHex(one.slice(0, 200))))[0]).toBe('unexpected_end');
  });
  it('fee distribution map out of order', () => {
    const u64 = (n: number) => toHex(bcs.u64.encode(n)).slice(2);
    const head = '01' + '40'.repeat(32) + '00' + '0001' + u64(1000) + u64(2048) + '00';
    const ok = head + '02' + u64(1) + u64(10) + u64(2) + u64(20);
    expect(() => blockEpiloguePayload.schema.decode(fromHex(ok))).not.toThrow();
    const bad = head + '02' + u64(2) + u64(20) + u64(1) + u64(10);
    const at = head.length / 2 + 1 + 16;
    expect(failure(() => blockEpiloguePayload.schema.decode(fromHex(bad)))).toEqual(['non_canonical_map', at, 'V1.feeDistribution.V0.amount[1]']);
  });
  it('endpoints without a BCS body', () => {
    expect(failure(() => decodeResponse('healthy' as never, new Uint8Array()))[0]).toBe('not_supported');
    expect(failure(() => decodeResponse('encode_submission' as never, new Uint8Array()))[0]).toBe('not_supported');
    expect(failure(() => decodeResponse('nope' as never, new Uint8Array()))[0]).toBe('invalid_variant');
  });
});
