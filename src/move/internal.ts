// The Move type layer's API for the layers above it, beyond its public index. Not exported from the package.
export { writeIdentifier } from './identifier.js';
