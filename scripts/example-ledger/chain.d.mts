// Types of the example-ledger's chain builder (chain.mjs), for the tests that commit blocks with it.
// Transactions and events are the records' inputs (ledger-bcs/records); writes are
// [stateKeyBytes, valueBytes | null] pairs.
export type Write = [Uint8Array, Uint8Array | null];
export interface CommitOptions {
  writes?: Write[];
  events?: unknown[];
  gasUsed?: bigint;
  status?: unknown;
  /** Whether the transaction ends a block (it then has a state checkpoint hash). */
  checkpoint?: boolean;
}
export interface Chain {
  /** Commits one transaction into the open block; returns its version. */
  commit(txn: unknown, options: CommitOptions): number;
  /** Closes the open block as a BcsBlock (appended to `blocks`). */
  closeBlock(height: number | bigint, blockHash: Uint8Array, timestampUsecs: bigint): void;
  /** The BcsBlocks closed by this chain (not those it continued from). */
  blocks: Uint8Array[];
  readonly version: number;
  hasState(stateKey: Uint8Array): boolean;
}
export declare function createChain(options?: { after?: readonly Uint8Array[] }): Chain;
export interface BlockStartInput {
  height: number | bigint;
  id: Uint8Array;
  epoch: bigint;
  round: bigint;
  /** An address, as hex. */
  proposer: string;
  previousBlockVotesBitvec: Uint8Array;
  timestampUsecs: bigint;
  ext?: boolean;
}
export declare function blockPrologue(block: BlockStartInput): { txn: unknown; writes: Write[]; events: unknown[] };
export declare function blockEnd(id: Uint8Array, options?: { epilogue?: boolean; gasUnits?: bigint }): unknown;
