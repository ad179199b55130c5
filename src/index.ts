export * from './bcs/index.js';
export * from './move/index.js';
