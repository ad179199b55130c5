// The ledger benches' blocks: the example ledger's first 17 blocks (genesis, the funding blocks, one
// transfer block of 100 transactions: block metadata, 98 APT transfers with real signatures, an
// epilogue), then that transfer block repeated with its versions and heights moved on (the
// transactions' hashes do not cover the version, so every copy still checks out).
import { bcs } from '../../dist/bcs/index.js';
import { bcsBlock, transactionOnChainData } from '../../dist/records/index.js';
import { makeExampleLedger } from '../../scripts/example-ledger/index.mjs';

/** `genesis` the blocks to ingest first; `blockAt(height, first)` a copy of the transfer block at
 * `height` whose transactions start at version `first`; `perBlock` its transaction count. */
export function repeatedTransferBlocks() {
  const example = makeExampleLedger({ blocks: 17, transfersPerBlock: 98 });
  const genesis = example.blocks.slice(0, 17);
  const templateBytes = example.blocks[16];
  const template = bcsBlock.schema.decode(templateBytes);
  const perBlock = template.transactions.length;
  // Where each transaction's version sits: after the header (64 bytes), the option tag and the length.
  const offsets = [];
  let at = 64 + 1 + bcs.uleb128.encode(perBlock).length;
  for (const t of template.transactions) {
    offsets.push(at);
    at += transactionOnChainData.schema.encode(t).length;
  }
  /** The template block at `height`, starting at `first`: header and every transaction's version moved. */
  function blockAt(height, first) {
    const b = templateBytes.slice();
    const v = new DataView(b.buffer);
    v.setBigUint64(0, BigInt(height), true);
    v.setBigUint64(48, BigInt(first), true);
    v.setBigUint64(56, BigInt(first + perBlock - 1), true);
    offsets.forEach((o, i) => v.setBigUint64(o, BigInt(first + i), true));
    return b;
  }
  return { example, genesis, perBlock, blockAt };
}
