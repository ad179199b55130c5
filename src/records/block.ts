import { BcsError, isBcsError, schema, type Infer, type InferInput, type Schema } from '../bcs/index.js';
import { struct, u64, vector, type Decl } from '../transactions/internal.js';
import { hashValue } from './declare.js';
import { transactionOnChainData } from './transaction.js';

// api/types/src/block.rs `BcsBlock`. Its `transactions: Option<Vec<TransactionOnChainData>>` is
// `#[serde(skip_serializing_if = "Option::is_none")]`: without transactions the node writes nothing
// at all for it (no `00`), with them `01` ‖ vector. A plain option schema cannot read that (the
// input ends where its tag would be), so this one schema is specialised by hand: end of input after
// `last_version` is "no transactions", and a `00` tag (which the node never writes) is rejected so
// that decoding and encoding stay exact inverses. Its JSON-safe form may likewise leave the field out.

export const blockHeader = /* @__PURE__ */ struct('BcsBlock', {
  blockHeight: u64,
  blockHash: hashValue,
  blockTimestamp: u64,
  firstVersion: u64,
  lastVersion: u64,
});

const transactions = /* @__PURE__ */ vector(transactionOnChainData);

type Header = Infer<typeof blockHeader.schema>;
type HeaderInput = InferInput<typeof blockHeader.schema>;
export type BcsBlock = Header & { transactions: Infer<typeof transactions.schema> | null };
export type BcsBlockInput = HeaderInput & { transactions?: InferInput<typeof transactions.schema> | null };

// Built in a side-effect-free function: reading `.schema` at module level would keep the records
// layer in every bundle of the package entry.
/* @__NO_SIDE_EFFECTS__ */
function declareBcsBlock(headerDecl: typeof blockHeader, txsDecl: typeof transactions): Decl<Schema<BcsBlock, BcsBlockInput>> {
  const header = headerDecl.schema;
  const txs = txsDecl.schema;
  const bcsBlockSchema = schema<BcsBlock, BcsBlockInput>({
    name: 'BcsBlock',
    minSize: header.minSize,
    write(w, v) {
      header.write(w, v);
      if (v.transactions === null || v.transactions === undefined) return;
      w.u8(1);
      try {
        txs.write(w, v.transactions);
      } catch (e) {
        throw isBcsError(e) ? e.within('transactions') : e;
      }
    },
    read(r) {
      const out = header.read(r) as BcsBlock;
      if (r.remaining === 0) {
        out.transactions = null;
        return out;
      }
      const at = r.off;
      const tag = r.u8();
      if (tag !== 1) {
        throw new BcsError('expected_option', `expected 01 and the transactions, or the end of the block, got tag 0x${tag.toString(16).padStart(2, '0')}`, at).within('transactions');
      }
      try {
        out.transactions = txs.read(r);
      } catch (e) {
        throw isBcsError(e) ? e.within('transactions') : e;
      }
      return out;
    },
    serializedSize: (v) => header.serializedSize(v) + (v.transactions == null ? 0 : 1 + txs.serializedSize(v.transactions)),
  });
  return {
    schema: bcsBlockSchema,
    shape: { struct: { ...(headerDecl.shape as { struct: Record<string, never> }).struct, transactions: { optional: txsDecl.shape } } },
  };
}

export const bcsBlock = /* @__PURE__ */ declareBcsBlock(blockHeader, transactions);

