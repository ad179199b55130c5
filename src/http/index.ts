// ledger-bcs/http: the web-standard handler (browser, worker, Deno, Bun safe). The node:http
// adapter is in ledger-bcs/http/node.
export { createLedgerHandler, DEFAULT_MAX_BODY_BYTES, type LedgerHandler, type LedgerHandlerOptions } from './handler.js';
