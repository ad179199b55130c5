// ledger-bcs/replica: a read replica of the interface. A follower feeds a memory ledger from an
// upstream node through the interface itself (blocks, the transactions listing, resources), verifies
// every block before it is stored (what that proves depends on the mode: docs/replica.md), and exposes
// a ledger source to serve: the ledger, with state older than it read through from the upstream.
// The public names only (pinned by test/exports.test.ts).
export { createFollower, type Follower, type FollowerOptions, type FollowerState, type FollowerStatus, type StartAt } from './follower.js';
export { readThroughSource, ReadThroughUnsupported, type ReadThroughOptions, type ReadThroughSource } from './read-through.js';
export { ReplicaError, isReplicaError, type ReplicaErrorCode, type ReplicaErrorField } from './errors.js';
export type { TrustPin, VerificationMode, VerificationStatus } from './verify/verifier.js';
export type { Witness } from './verify/witness.js';
