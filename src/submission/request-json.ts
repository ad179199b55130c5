import type { JsonValue } from '../transactions/index.js';

// The encode_submission request body as the node reads it (api/types/src/transaction.rs
// `EncodeSubmissionRequest`, `UserTransactionRequestInner`, `TransactionPayload`): what typed
// callers write. u64 values are decimal strings, addresses `0x` hex, as the node's JSON has them.

/** `0x1::aptos_account::transfer`-style id, type arguments as Move type strings, arguments as the ABI's JSON. */
export interface EntryFunctionPayloadJson {
  type: 'entry_function_payload';
  function: string;
  type_arguments: string[];
  arguments: JsonValue[];
}

export interface ScriptPayloadJson {
  type: 'script_payload';
  /** `{ bytecode: "0x…", abi?: … }`. */
  code: { bytecode: string; abi?: JsonValue };
  type_arguments: string[];
  arguments: JsonValue[];
}

export interface MultisigPayloadJson {
  type: 'multisig_payload';
  multisig_address: string;
  transaction_payload?: EntryFunctionPayloadJson;
}

export type TransactionPayloadJson = EntryFunctionPayloadJson | ScriptPayloadJson | MultisigPayloadJson;

export interface EncodeSubmissionRequestJson {
  sender: string;
  sequence_number: string;
  max_gas_amount: string;
  gas_unit_price: string;
  expiration_timestamp_secs: string;
  payload: TransactionPayloadJson;
  /** Present (even empty): the multi-agent signing message is built. */
  secondary_signers?: string[];
  /** Present: an orderless transaction. */
  replay_protection_nonce?: string;
}
