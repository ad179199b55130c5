// The whole library as a user bundling everything would get it.
export * from '../../dist/index.js';
