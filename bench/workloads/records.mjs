// Records (issue 13): decoding a block of 100 user transactions and a page of 100 transaction
// summaries, against the hand-written floor. No peer decodes these records (ts-sdk and @mysten/bcs
// have no committed-transaction, write-set or block types), so there is no peer column.
import { decodeBlock, decodeSummaries } from '../floor/records.mjs';
import { need, workload } from './registry.mjs';

const addr = (i) => '0x' + i.toString(16).padStart(64, '0');
const fill = (n, b) => new Uint8Array(n).fill(b);
const coin = { $kind: 'struct', value: { address: addr(1), module: 'aptos_coin', name: 'AptosCoin', typeArgs: [] } };

function userTransaction(i) {
  return {
    version: 1000n + BigInt(i),
    transaction: {
      $kind: 'UserTransaction',
      value: {
        rawTxn: {
          sender: addr(0x1000 + i),
          sequenceNumber: BigInt(i),
          payload: {
            $kind: 'EntryFunction',
            value: { module: { address: addr(1), name: 'coin' }, function: 'transfer', typeArgs: [coin], args: [fill(32, i & 0xff), fill(8, 1)] },
          },
          maxGasAmount: 200000n,
          gasUnitPrice: 100n,
          expirationTimestampSecs: 1700000000n,
          chainId: 1,
        },
        authenticator: { $kind: 'Ed25519', value: { publicKey: fill(32, 7), signature: fill(64, 9) } },
      },
    },
    info: {
      $kind: 'V0',
      value: { gasUsed: 12n, status: { $kind: 'Success' }, transactionHash: fill(32, 1), eventRootHash: fill(32, 2), stateChangeHash: fill(32, 3), stateCheckpointHash: null, auxiliaryInfoHash: fill(32, 4) },
    },
    events: [0, 1].map((k) => ({
      $kind: 'V2',
      value: { typeTag: { $kind: 'struct', value: { address: addr(1), module: 'coin', name: k ? 'Deposit' : 'Withdraw', typeArgs: [] } }, eventData: fill(40, k) },
    })),
    accumulatorRootHash: fill(32, 5),
    changes: {
      $kind: 'V0',
      value: [0, 1, 2].map((k) => ({ key: { $kind: 'AccessPath', value: { address: addr(0x1000 + i + k), path: fill(40, k) } }, value: { $kind: 'Modification', value: fill(60, k) } })),
    },
  };
}

/** Keys in a fixed order, so ours and the floor compare equal however either builds its objects. */
function sorted(v) {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object' && !(v instanceof Uint8Array)) return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]));
  return v;
}

export function recordWorkloads(ours) {
  const setup = () => {
    need(ours, ['bcsBlock', 'transactionSummaries'], 'records');
    const block = ours.bcsBlock.schema.encode({
      blockHeight: 7n,
      blockHash: fill(32, 0xbb),
      blockTimestamp: 1700000000000000n,
      firstVersion: 1000n,
      lastVersion: 1099n,
      transactions: Array.from({ length: 100 }, (_, i) => userTransaction(i)),
    });
    const summaries = ours.transactionSummaries.schema.encode(
      Array.from({ length: 100 }, (_, i) => ({
        $kind: 'V1',
        value: { sender: addr(0xa), version: BigInt(5000 + i), transactionHash: fill(32, i), replayProtector: { $kind: i % 2 ? 'Nonce' : 'SequenceNumber', value: BigInt(i) } },
      })),
    );
    return { block, summaries };
  };
  let data;
  const input = () => (data ??= setup());
  return [
    workload({
      name: 'records/block-100-user',
      title: 'BcsBlock of 100 user transactions (events, write sets), bytes → value',
      category: 'records',
      inputBytes: () => input().block.length,
      impls: {
        ours: () => {
          const { block } = input();
          return () => ours.bcsBlock.schema.decode(block);
        },
        floor: () => {
          const { block } = input();
          return () => decodeBlock(block);
        },
      },
      normalize: { ours: sorted, floor: sorted },
    }),
    workload({
      name: 'records/summaries-100',
      title: 'Page of 100 IndexedTransactionSummary, bytes → value',
      category: 'records',
      inputBytes: () => input().summaries.length,
      impls: {
        ours: () => {
          const { summaries } = input();
          return () => ours.transactionSummaries.schema.decode(summaries);
        },
        floor: () => {
          const { summaries } = input();
          return () => decodeSummaries(summaries);
        },
      },
      normalize: { ours: sorted, floor: sorted },
    }),
  ];
}
