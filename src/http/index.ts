// ledger-bcs/http: the web-standard handler (browser, worker, Deno, Bun safe). The node:http
// adapter is in ledger-bcs/http/node.
export { createLedgerHandler, type LedgerHandler, type LedgerHandlerOptions } from './handler.js';
export { DEFAULT_MAX_BODY_BYTES } from './exchange.js';
export { forwardTo, type Forward } from './forward.js';
export type { GasEstimationConfig, PageLimits } from './endpoints/index.js';
export type { CorsOptions } from './cors.js';
