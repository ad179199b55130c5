import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSha3 } from '../../src/ledger/internal.js';
import { bcsBlock } from '../../src/records/index.js';
import { INITIAL_STATE, verifyBlock, verifyContext, type VerifierState } from '../../src/replica/verify/verify-block.js';
import { signSubmission } from '../../src/signing/index.js';
import { blockBytes } from './helpers.js';
import { startUpstream, type Upstream } from './upstream-stand-in.js';

// The upstream stand-in commits what a node would: each block it appends for a submission passes the
// follower's verification from genesis (the accumulator continued from the example ledger's, the
// block metadata with its NewBlockEvent, the timestamp and BlockResource writes, the epilogue).

const KEY = 'ed25519-priv-0xc5338cd251c22daa8c9c9cc94f498cc8a5c7e1d2e75287a5dda91096fe64efa5';
const request = (sequence: number) => ({
  sender: '0x978c213990c4833df71548df7ce49d54c759d6b6d932de22b24d56060b7af2aa',
  sequence_number: String(sequence),
  max_gas_amount: '2000',
  gas_unit_price: '100',
  expiration_timestamp_secs: '1800000000',
  payload: { type: 'entry_function_payload', function: '0x1::aptos_account::transfer', type_arguments: [], arguments: ['0xb0', '1000'] },
});

let upstream: Upstream;
beforeAll(async () => {
  upstream = await startUpstream();
});
afterAll(() => upstream.close());

describe('upstream stand-in', () => {
  it('commits each submission in a block of its own that verifies from genesis, after the example ledger', async () => {
    const before = upstream.ledger.ledgerInfo();
    const hashes: string[] = [];
    for (const seq of [0, 1]) {
      const s = await signSubmission(request(seq), KEY, { chainId: before.chainId });
      const r = await fetch(`${upstream.url}/v1/transactions`, { method: 'POST', headers: { 'content-type': 'application/x.aptos.signed_transaction+bcs' }, body: new Uint8Array(s.bytes) });
      expect(r.status).toBe(202);
      hashes.push(s.hash);
    }
    const after = upstream.ledger.ledgerInfo();
    expect(after.blockHeight).toBe(before.blockHeight + 2n);
    expect(after.ledgerVersion).toBe(before.ledgerVersion + 6n);

    const ctx = verifyContext(nodeSha3, after.chainId);
    let state: VerifierState = INITIAL_STATE;
    for (let h = 0; h <= Number(after.blockHeight); h++) state = verifyBlock(ctx, state, await blockBytes(upstream.ledger, h)).state;
    expect(state.tip).toMatchObject({ height: after.blockHeight, nextVersion: after.ledgerVersion + 1n, timestamp: after.ledgerTimestampUsec });
    expect(state.accumulator?.leaves).toBe(Number(after.ledgerVersion) + 1);

    const last = bcsBlock.schema.decode(await blockBytes(upstream.ledger, Number(after.blockHeight)));
    expect(last.transactions?.map((t) => t.transaction.$kind)).toEqual(['BlockMetadataExt', 'UserTransaction', 'BlockEpilogue']);
    const user = await (await fetch(`${upstream.url}/v1/transactions/by_hash/${hashes[1]}`)).json();
    expect(user).toMatchObject({ type: 'user_transaction', hash: hashes[1], success: true, version: String(after.ledgerVersion - 1n) });
  });
});
