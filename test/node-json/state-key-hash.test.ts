import { sha3_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../../src/bcs/index.js';
import { encodeStateKey, STATE_KEY_SALT, stateKeyHash, type StateKeyInput } from '../../src/hash/index.js';
import { parseStructTag } from '../../src/move/index.js';
import { accessPath } from '../../src/records/internal.js';
import { hashes } from '../../src/node-json/hashes.js';

// `state_key_hash` as real mainnet nodes wrote it. aptos-core types/src/state_store/state_key:
// registry.rs hashes `StateKeyInner::encode()` (inner.rs) with StateKeyInnerHasher, salted by the
// serde name "StateKey". Each vector is a change of a real mainnet answer recorded verbatim in
// GetBlock-io/getblock-docs at commit 1ebfd200fe87fe6f4ce8d393b5baf57e706dae68:
//  B = api-reference/aptos-apt/apt_v1_blocks_by_version_version.md, the answer of
//      GET /v1/blocks/by_version/3556737308?with_transactions=true (block 456015808);
//  T = api-reference/aptos-apt/apt_v1_accounts_account_hash_transactions.md, a GET
//      /v1/accounts/{address}/transactions answer (25 transactions).

const resource = (owner: string, tag: string, group = false): StateKeyInput => ({
  $kind: 'AccessPath',
  value: { address: owner, path: accessPath.schema.encode({ $kind: group ? 'ResourceGroup' : 'Resource', value: parseStructTag(tag) }) },
});

const VECTORS: { what: string; source: string; key: StateKeyInput; hash: string }[] = [
  {
    what: 'an account resource (0x1::account::Account)',
    source: 'B, version 3556737304 (the composed script), changes[6]',
    key: resource('0x2e5efc855f402061a0c2827d9582c493a703305170cb28a3457cd4154dd51440', '0x1::account::Account'),
    hash: '0x8734c5a97ff90c964dee2b00598814f9c4dc953f2efeaa10175a5a549942400a',
  },
  {
    what: 'a resource at 0x1 (0x1::block::BlockResource)',
    source: 'B, version 3556737303 (block metadata), changes[0]',
    key: resource('0x1', '0x1::block::BlockResource'),
    hash: '0x5ddf404c60e96e9485beafcabb95609fed8e38e941a725cae4dcec8296fb32d7',
  },
  {
    what: "a resource group (APT's metadata object 0xa: 0x1::object::ObjectGroup)",
    source: 'B, version 3556737304, changes[0..5] (PairedCoinType … DeriveRefPod)',
    key: resource('0xa', '0x1::object::ObjectGroup', true),
    hash: '0x1db5441d8fa4229c5844f73fd66da4ad8176cb8793d8b3a7f6ca858722030043',
  },
  {
    what: 'a resource group (a fungible store object: 0x1::object::ObjectGroup)',
    source: 'B, version 3556737304, changes[7..8] (FungibleStore, ObjectCore)',
    key: resource('0x5f5c3a1f6ffe82159a8541c7d0a4834d2a258ed30f43ed76050e6e56412aa47f', '0x1::object::ObjectGroup', true),
    hash: '0x77bb0a938cb622941db94dee0a9b27e740d5fa3d14aa79fdabbaa2252f498ee2',
  },
  {
    what: 'a table item (32-byte key)',
    source: 'T, version 3541198891, the write_table_item',
    key: {
      $kind: 'TableItem',
      value: { handle: '0x1b854694ae746cdbd8d44186ca4929b2b337df21d1c74633be19b2710552fdca', key: fromHex('0x0619dc29a0aac8fa146714058e8dd6d2d0f3bdf5f6331907bf91f3acd81e6935') },
    },
    hash: '0x6e4b28d40f98a106a65163530924c0dcb40c1349d3aa915d108b4d6cfc1ddb19',
  },
];

describe('state_key_hash: known mainnet vectors', () => {
  for (const v of VECTORS) {
    it(`${v.what} (${v.source})`, () => {
      expect(toHex(stateKeyHash(v.key))).toBe(v.hash);
      expect(toHex(hashes().stateKey(v.key as never))).toBe(v.hash);
    });
  }
});

describe('StateKeyInner::encode()', () => {
  it('is a tag byte then bcs(AccessPath), or the handle and the key without a length, or 0xff and the raw bytes', () => {
    expect(STATE_KEY_SALT).toBe('APTOS::StateKey');
    const ap = encodeStateKey(resource('0x1', '0x1::block::BlockResource'));
    expect(ap[0]).toBe(0);
    expect(ap[33]).toBe(ap.length - 34); // the path's uleb length
    const table = encodeStateKey({ $kind: 'TableItem', value: { handle: '0x2', key: Uint8Array.of(7, 8) } });
    expect(toHex(table)).toBe(`0x01${'00'.repeat(31)}020708`);
    const raw = encodeStateKey({ $kind: 'Raw', value: Uint8Array.of(1, 2, 3) });
    expect(toHex(raw)).toBe('0xff010203');
    const written = sha3_256.create().update(sha3_256(new TextEncoder().encode('APTOS::StateKey'))).update(raw).digest();
    expect(stateKeyHash({ $kind: 'Raw', value: Uint8Array.of(1, 2, 3) })).toEqual(written);
  });

  it('refuses what is not a state key with a typed error', () => {
    expect(() => encodeStateKey({ $kind: 'Other' } as never)).toThrow(/AccessPath, TableItem or Raw/);
    expect(() => encodeStateKey({ $kind: 'TableItem', value: { handle: '0x1', key: 'ab' } } as never)).toThrow();
    expect(() => encodeStateKey({ $kind: 'AccessPath', value: { address: 'zz', path: new Uint8Array() } })).toThrow();
  });
});
