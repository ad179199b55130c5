export * from './bcs/index.js';
export * from './move/index.js';
export * from './transactions/index.js';
export * from './submission/index.js';
export * from './client/index.js';
export * from './records/index.js';
