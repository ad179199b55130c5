import { describe, expect, it } from 'vitest';
import { fromHex, isBcsError, toHex } from '../../src/bcs/index.js';
import { bcsBlock, decodeResponse, recordCodecs, transactionSummaryJson, accountDataJson, blockJson } from '../../src/records/index.js';
import golden from '../../fixtures/records/golden.json' with { type: 'json' };

const codecs = recordCodecs() as unknown as Record<string, { schema: { encode(v: unknown): Uint8Array; decode(b: Uint8Array): unknown }; toJson(v: unknown): unknown; fromJson(j: unknown): unknown }>;
const byName = (name: string) => golden.vectors.find((v) => v.name === name)!;

describe('golden vectors (fixtures/records/golden.json)', () => {
  for (const v of golden.vectors) {
    it(`${v.name}: decodes, re-encodes to the same bytes${v.value === null ? '' : ', JSON-safe form as expected'}`, () => {
      const c = codecs[v.type];
      const bytes = fromHex(v.bcs);
      const decoded = c.schema.decode(bytes);
      expect(toHex(c.schema.encode(decoded))).toBe('0x' + v.bcs);
      if (v.value !== null) {
        expect(c.toJson(decoded)).toEqual(v.value);
        expect(toHex(c.schema.encode(c.fromJson(v.value)))).toBe('0x' + v.bcs);
      }
    });
  }

  it('the realistic block: every transaction kind and part where the layout puts it', () => {
    const v = byName('BcsBlock with metadata-ext, user, checkpoint and epilogue transactions');
    const block = decodeResponse('block', fromHex(v.bcs));
    expect(block.blockHeight).toBe(42n);
    const txs = block.transactions!;
    expect(txs.map((t) => t.transaction.$kind)).toEqual(['BlockMetadataExt', 'UserTransaction', 'StateCheckpoint', 'BlockEpilogue']);
    expect(txs.map((t) => t.version)).toEqual([100n, 101n, 102n, 103n]);
    const json = codecs.BcsBlock.toJson(block) as { transactions: Record<string, unknown>[] };
    const [meta, user, ckpt, epi] = json.transactions;
    expect(meta.transaction).toMatchObject({ $kind: 'BlockMetadataExt', value: { $kind: 'V1', value: { epoch: '2', round: '17', failedProposerIndices: [1, 3], randomness: { metadata: { epoch: '2', round: '17' } } } } });
    const signed = (user.transaction as { value: { rawTxn: { sequenceNumber: string; payload: { value: { function: string } } } } }).value;
    expect(signed.rawTxn.sequenceNumber).toBe('7');
    expect(signed.rawTxn.payload.value.function).toBe('transfer');
    expect(user.info).toMatchObject({ $kind: 'V0', value: { gasUsed: '7', status: { $kind: 'Success' }, stateCheckpointHash: null } });
    expect(user.changes).toEqual(byName('WriteSet, three key kinds').value);
    expect(user.events).toEqual([byName('ContractEvent V1').value, byName('V16 ContractEvent V2').value]);
    expect(ckpt.transaction).toEqual({ $kind: 'StateCheckpoint', value: '0x' + '50'.repeat(32) });
    expect(epi.transaction).toEqual({
      $kind: 'BlockEpilogue',
      value: {
        $kind: 'V1',
        value: {
          blockId: '0x' + '40'.repeat(32),
          blockEndInfo: { $kind: 'V0', value: { blockGasLimitReached: false, blockOutputLimitReached: true, blockEffectiveBlockGasUnits: '1000', blockApproxOutputSize: '2048' } },
          feeDistribution: { $kind: 'V0', value: { amount: [{ key: '1', value: '10' }, { key: '2', value: '20' }] } },
        },
      },
    });
    expect(blockJson(block).transactions).toEqual(json.transactions);
  });

  it('the block without transactions both ways: no byte for the absent field', () => {
    const v = byName('BcsBlock without transactions (field absent)');
    expect(v.bcs.length).toBe((8 + 32 + 8 + 8 + 8) * 2);
    const block = bcsBlock.schema.decode(fromHex(v.bcs));
    expect(block.transactions).toBeNull();
    const { transactions: _, ...header } = block;
    expect(toHex(bcsBlock.schema.encode(header))).toBe('0x' + v.bcs);
    expect(toHex(bcsBlock.schema.encode({ ...header, transactions: null }))).toBe('0x' + v.bcs);
    expect(bcsBlock.schema.serializedSize(header)).toBe(64);
    expect(blockJson(block)).toEqual({ block_height: '42', block_hash: '0x' + '40'.repeat(32), block_timestamp: '1700000000000001', first_version: '100', last_version: '103' });
    // The JSON-safe form too: the field left out reads as no transactions (null is written).
    const safe = codecs.BcsBlock.toJson(block) as Record<string, unknown>;
    expect(safe.transactions).toBeNull();
    const { transactions: __, ...safeHeader } = safe;
    expect(codecs.BcsBlock.fromJson(safeHeader)).toEqual(block);
    expect(codecs.BcsBlock.fromJson(safe)).toEqual(block);
    // Requested but empty: present as 01 ‖ 00.
    expect(toHex(bcsBlock.schema.encode({ ...header, transactions: [] }))).toBe('0x' + v.bcs + '0100');
    expect(bcsBlock.schema.decode(fromHex(v.bcs + '0100')).transactions).toEqual([]);
    // 00 is what a plain Option would write; the node never does, so it is refused.
    let err: unknown;
    try {
      bcsBlock.schema.decode(fromHex(v.bcs + '00'));
    } catch (e) {
      err = e;
    }
    expect(isBcsError(err) && [err.code, err.offset, err.path]).toEqual(['expected_option', 64, 'transactions']);
  });

  it('interface JSON forms of the account and the summaries', () => {
    const acct = decodeResponse('account', fromHex(byName('V16 AccountResource').bcs));
    expect(accountDataJson(acct)).toEqual({ sequence_number: '7', authentication_key: '0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa' });
    const page = decodeResponse('transaction_summaries', fromHex(byName('Summaries page (nonce and sequence number)').bcs));
    expect(page.map(transactionSummaryJson)).toEqual([
      { sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef', version: '123456', transaction_hash: '0x' + 'ab'.repeat(32), replay_protector: { type: 'sequence_number', sequence_number: '7' } },
      { sender: '0x' + '0'.repeat(63) + 'a', version: '5', transaction_hash: '0x' + '11'.repeat(32), replay_protector: { type: 'nonce', nonce: '99' } },
    ]);
    expect(decodeResponse('balance', fromHex(byName('Balance').bcs))).toBe(123456789n);
  });
});
