import { existsSync } from 'node:fs';
import { fromHex } from '../../bcs/index.js';
import { transactionHashHex } from '../../hash/index.js';
import { signedTransaction } from '../../transactions/index.js';
import { createLedgerClient, isLedgerApiError, isLedgerNetworkError, isLedgerResponseError, isTransactionWaitError } from '../../client/index.js';
import { intOption } from '../args.js';
import { readSourceText } from '../input.js';
import { CliError, type Command } from '../run.js';

// `ledger-bcs submit`: a signed transaction (from `sign`, possibly made on another machine) posted
// to a node's POST /v1/transactions; prints the pending transaction JSON, or with --wait the
// committed one. The node's refusal prints its error body on stderr and exits 1.

/** The signed bytes from hex, or from the JSON `sign` prints (`signed_transaction`). */
function signedBytes(text: string): Uint8Array {
  const t = text.trim();
  let hex = t;
  if (t.startsWith('{')) {
    let json: { signed_transaction?: unknown };
    try {
      json = JSON.parse(t) as { signed_transaction?: unknown };
    } catch (e) {
      throw new CliError(`input is not JSON: ${(e as Error).message}`);
    }
    if (typeof json?.signed_transaction !== 'string') throw new CliError('expected the JSON `sign` prints, with a "signed_transaction" hex string');
    hex = json.signed_transaction;
  } else if (t.startsWith('"')) hex = t.slice(1, -1);
  return fromHex(hex);
}

export const submitCommand: Command = {
  summary: 'post a signed transaction to a node',
  description: "Post a signed transaction (sign's output, or its hex: inline, a file or -) to a node's POST /v1/transactions; prints the pending transaction JSON, or with --wait the committed one.",
  args: '[SIGNED|-]',
  positionals: [0, 1],
  options: {
    '--url': { value: 'URL', help: 'the node, without /v1 (required)' },
    '--wait': { help: 'wait until the transaction is committed' },
    '--timeout-ms': { value: 'N', help: 'how long --wait waits (default 60000)' },
  },
  async run(a, io) {
    const url = a.value('--url');
    if (url === undefined) throw new CliError('--url URL is required (the node, without /v1)');
    const timeoutText = a.value('--timeout-ms');
    const timeoutMs = timeoutText === undefined ? 60_000 : intOption('--timeout-ms', timeoutText, 1, 2_147_483_647);
    const source = a.positionals[0] ?? '-';
    // A file (or -) when one is named so; else hex given inline.
    const inline = source !== '-' && !existsSync(source) && /^(?:0x)?[0-9a-fA-F]+$/.test(source);
    const bytes = signedBytes(inline ? source : await readSourceText(source, io));
    // Bytes that are no SignedTransaction are refused here; their hash is what the node must answer.
    const hash = transactionHashHex(signedTransaction.decode(bytes));
    const client = createLedgerClient({ baseUrl: url, retries: 3 });
    try {
      const pending = await client.submitTransaction(bytes);
      if (pending.data.hash.toLowerCase() !== hash) {
        throw new CliError(`the node answered hash ${pending.data.hash} for the transaction whose hash is ${hash}; not waiting for it`);
      }
      if (!a.has('--wait')) {
        io.out(JSON.stringify(pending.data));
        return 0;
      }
      io.err(`submitted ${pending.data.hash}; waiting up to ${timeoutMs} ms`);
      const done = await client.waitForTransaction(pending.data.hash, { timeoutMs });
      io.out(JSON.stringify(done.data));
      return 0;
    } catch (e) {
      if (isLedgerApiError(e)) {
        io.err(JSON.stringify({ message: e.message, error_code: e.errorCode, vm_error_code: e.vmErrorCode }));
        return 1;
      }
      if (isTransactionWaitError(e)) {
        if (e.transaction) io.out(JSON.stringify(e.transaction));
        throw new CliError(`${e.kind}: ${e.message}`);
      }
      if (isLedgerNetworkError(e) || isLedgerResponseError(e)) throw new CliError(e.message);
      throw e;
    }
  },
};
