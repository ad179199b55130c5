import { ledgerInfoHeaders, type LedgerInfo } from '../records/index.js';

// The X-SVC-* headers of each answer. Writing them checks and formats nine fields (~1.8 µs); a
// ledger info provider that builds a new object per request (the stateless `serve`, whose timestamp
// is the clock's) mostly answers the same values as the request before, so the headers are kept
// while the values stay the same. Compared by value, not by object: a provider may hand out one
// object and change it. Each field is read once per request (a getter could answer differently).

/** A function from ledger info to a fresh copy of its headers (each reply owns and extends its copy). */
export function ledgerHeadersFor(): (info: LedgerInfo) => Record<string, string> {
  let seen: LedgerInfo | undefined;
  let headers: Record<string, string> = {};
  return (info) => {
    const now: LedgerInfo = {
      chainId: info.chainId,
      ledgerVersion: info.ledgerVersion,
      oldestLedgerVersion: info.oldestLedgerVersion,
      ledgerTimestampUsec: info.ledgerTimestampUsec,
      epoch: info.epoch,
      blockHeight: info.blockHeight,
      oldestBlockHeight: info.oldestBlockHeight,
      gasUsed: info.gasUsed,
      cursor: info.cursor,
    };
    if (seen === undefined || !sameValues(seen, now)) {
      // Throws on a malformed info (the handler answers 500), keeping nothing of it.
      headers = ledgerInfoHeaders(now);
      seen = now;
    }
    // Not `{ ...headers }`: a spread copy has no room for the headers added next, and each
    // addition then reshapes the object (1.4 µs against 0.1 µs for this, measured).
    return Object.assign({}, headers);
  };
}

function sameValues(a: LedgerInfo, b: LedgerInfo): boolean {
  return (
    a.chainId === b.chainId &&
    a.ledgerVersion === b.ledgerVersion &&
    a.oldestLedgerVersion === b.oldestLedgerVersion &&
    a.ledgerTimestampUsec === b.ledgerTimestampUsec &&
    a.epoch === b.epoch &&
    a.blockHeight === b.blockHeight &&
    a.oldestBlockHeight === b.oldestBlockHeight &&
    a.gasUsed === b.gasUsed &&
    a.cursor === b.cursor
  );
}
