// The replica layer's API for the CLI, beyond its public index: the hash checks in a worker thread
// (Node only, as ledger-bcs/replica/node exports it). A bundle that includes it is a worker script
// too: run as a worker, node.ts serves hash jobs (the CLI runs its command on the main thread only).
export { hashInWorker } from './node.js';
