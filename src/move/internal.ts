// The Move type layer's API for the layers above it, beyond its public index. Not exported from the
// package. The transactions layer writes an entry function's module and function names with the
// same identifier check and writer the type tags use (one definition of a valid identifier's bytes).
export { writeIdentifier } from './identifier.js';
