import { describe, expect, it } from 'vitest';
import { createLedgerHandler } from '../../src/http/index.js';
import { toHex } from '../../src/bcs/index.js';

// GET /v1 (api/src/index.rs `get_ledger_info`) byte for byte in both forms: JSON `IndexResponse` in
// the node's field order, BCS `IndexResponseBcs` (u8 chain id, every U64 as a string, RoleType::FullNode 1).
const info = {
  chainId: 4,
  epoch: 3n,
  ledgerVersion: 2241n,
  oldestLedgerVersion: 0n,
  ledgerTimestampUsec: 1700000365307701n,
  blockHeight: 306n,
  oldestBlockHeight: 0n,
};
const handler = createLedgerHandler({ ledgerInfo: () => info });

describe('GET /v1', () => {
  it('answers the node JSON text, in its field order', async () => {
    const res = await handler(new Request('http://x/v1'));
    expect(await res.text()).toBe(
      '{"chain_id":4,"epoch":"3","ledger_version":"2241","oldest_ledger_version":"0","ledger_timestamp":"1700000365307701","node_role":"full_node","oldest_block_height":"0","block_height":"306"}',
    );
  });

  it('answers IndexResponseBcs bytes', async () => {
    const res = await handler(new Request('http://x/v1', { headers: { accept: 'application/x-bcs' } }));
    expect(toHex(new Uint8Array(await res.arrayBuffer()))).toBe(
      '0x04' + '0133' + '0432323431' + '0130' + '1031373030303030333635333037373031' + '01' + '0130' + '03333036',
    );
  });
});

describe('the ledger headers as the ledger info moves', () => {
  it('follow a timestamp that alone moved, refuse one that is not a u64, and follow every other field', async () => {
    let now: Record<string, unknown> = { ...info };
    const h = createLedgerHandler({ ledgerInfo: () => now as never });
    const headers = async () => {
      const res = await h(new Request('http://x/v1'));
      return { status: res.status, ts: res.headers.get('x-svc-ledger-timestampusec'), version: res.headers.get('x-svc-ledger-version') };
    };
    expect(await headers()).toEqual({ status: 200, ts: '1700000365307701', version: '2241' });
    now = { ...info, ledgerTimestampUsec: 1700000365307702n };
    expect(await headers()).toEqual({ status: 200, ts: '1700000365307702', version: '2241' });
    now = { ...info, ledgerTimestampUsec: -1n };
    expect((await headers()).status).toBe(500);
    now = { ...info, ledgerTimestampUsec: 1700000365307703n };
    expect(await headers()).toEqual({ status: 200, ts: '1700000365307703', version: '2241' });
    now = { ...info, ledgerVersion: 2242n, ledgerTimestampUsec: 1700000365307703n };
    expect(await headers()).toEqual({ status: 200, ts: '1700000365307703', version: '2242' });
  });
});
