export * from './bcs/index.js';
