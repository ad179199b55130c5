// Types of the example-ledger generator (index.mjs), for the tests that build variants of it.
export declare const FEATURES: Record<'NEW_ACCOUNTS_DEFAULT_TO_FA_STORE' | 'DEFAULT_ACCOUNT_RESOURCE' | 'TRANSACTION_PAYLOAD_V2' | 'ORDERLESS_TRANSACTIONS', number>;
export interface ExampleLedger {
  blocks: Uint8Array[];
  accounts: { faucet: string; legacy: string; issuer: string; users: string[] };
  fungibleAsset: string;
  /** A table (u64 → 0x1::string::String) of three notes, keys 1 to 3. */
  notesTable: string;
  defaultAccountResource: boolean;
}
export declare function makeExampleLedger(options?: { blocks?: number; chainId?: number; defaultAccountResource?: boolean; seed?: number; transfersPerBlock?: number; fullBlocks?: number }): ExampleLedger;
