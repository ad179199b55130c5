// The whole library as a user importing every layer's entry point would get it (each entry is its own
// bundle, so a layer's copy of the layers below it is counted with it).
export * from '../../dist/bcs/index.js';
export * from '../../dist/move/index.js';
export * from '../../dist/transactions/index.js';
export * from '../../dist/records/index.js';
export * from '../../dist/submission/index.js';
export * from '../../dist/client/index.js';
export * from '../../dist/node-json/index.js';
