// ledger-bcs, importing only what a transfer and its signing message need: the entry-function-only
// signing message and bare writers for the arguments (so no schema object, and no decoder, is
// bundled). Bundled from the package entries (dist/) by default; bench/lib/sizes.mjs also bundles it
// from src/ for comparison.
import { toHex, writeAddress, writeU64 } from '../../dist/bcs/index.js';
import { entryFunctionSigningMessage, arg } from '../../dist/transactions/index.js';

const msg = entryFunctionSigningMessage({
  sender: '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef',
  sequenceNumber: 7n,
  payload: {
    $kind: 'EntryFunction',
    value: {
      module: { address: '0x1', name: 'aptos_account' },
      function: 'transfer',
      typeArgs: [],
      args: [arg(writeAddress, '0xb0'), arg(writeU64, 1000n)],
    },
  },
  maxGasAmount: 200000n,
  gasUnitPrice: 100n,
  expirationTimestampSecs: 1700000000n,
  chainId: 4,
});
console.log(toHex(msg).slice(2));
