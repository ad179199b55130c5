// The http layer's API for the CLI, beyond its public index: the node:http adapter (its own package
// entry, ledger-bcs/http/node, so the web-standard handler stays free of Node built-ins).
export { createNodeServer, toNodeListener, type NodeAdapterOptions, type NodeServerLimits } from './node.js';
