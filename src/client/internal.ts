// The client layer's API for the replica, beyond its public index: the retry policy's backoff (full
// jitter) and the abortable wait the transport and waitForTransaction use. Not exported from the package.
export { backoffMs, sleep, type RetryPolicy } from './retry.js';
