import { bytes, fixedBytes, struct, u64, vector, type Schema } from '../../bcs/index.js';
import { encodeTypeTagString } from '../../move/index.js';

// What of the framework (aptos-framework sources) a block's checks read: the events that open a block
// and end an epoch. The resources' keys are the ledger's (ledger/framework-state.ts).

/** block.move `NewBlockEvent`, in its Move field order. */
export interface NewBlockEvent {
  hash: Uint8Array;
  epoch: bigint;
  round: bigint;
  height: bigint;
  previousBlockVotesBitvec: Uint8Array;
  proposer: Uint8Array;
  failedProposerIndices: bigint[];
  timeMicroseconds: bigint;
}

export interface Framework {
  /** TypeTag BCS of `0x1::block::NewBlockEvent` (a V1 event on BlockResource.new_block_events). */
  newBlockEventType: Uint8Array;
  /** `0x1::reconfiguration::NewEpochEvent` (V1) and `0x1::reconfiguration::NewEpoch` (V2). */
  newEpochTypes: Uint8Array[];
  newBlockEvent: Schema<NewBlockEvent, NewBlockEvent>;
}

/** Built once per verifier. */
export function framework(): Framework {
  const address = fixedBytes(32);
  return {
    newBlockEventType: encodeTypeTagString('0x1::block::NewBlockEvent'),
    newEpochTypes: [encodeTypeTagString('0x1::reconfiguration::NewEpochEvent'), encodeTypeTagString('0x1::reconfiguration::NewEpoch')],
    newBlockEvent: struct('NewBlockEvent', {
      hash: address,
      epoch: u64,
      round: u64,
      height: u64,
      previousBlockVotesBitvec: bytes,
      proposer: address,
      failedProposerIndices: vector(u64),
      timeMicroseconds: u64,
    }) as unknown as Schema<NewBlockEvent, NewBlockEvent>,
  };
}
