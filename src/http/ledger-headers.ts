import { ledgerInfoHeaders, type LedgerInfo } from '../records/index.js';
import { LEDGER_HEADERS as H } from '../records/internal.js';

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
    const { chainId, ledgerVersion, oldestLedgerVersion, ledgerTimestampUsec, epoch, blockHeight, oldestBlockHeight, gasUsed, cursor } = info;
    if (
      seen === undefined ||
      seen.chainId !== chainId ||
      seen.ledgerVersion !== ledgerVersion ||
      seen.oldestLedgerVersion !== oldestLedgerVersion ||
      seen.ledgerTimestampUsec !== ledgerTimestampUsec ||
      seen.epoch !== epoch ||
      seen.blockHeight !== blockHeight ||
      seen.oldestBlockHeight !== oldestBlockHeight ||
      seen.gasUsed !== gasUsed ||
      seen.cursor !== cursor
    ) {
      const now = { chainId, ledgerVersion, oldestLedgerVersion, ledgerTimestampUsec, epoch, blockHeight, oldestBlockHeight, gasUsed, cursor };
      // Throws on a malformed info (the handler answers 500), keeping nothing of it.
      headers = ledgerInfoHeaders(now);
      seen = now;
    }
    return copyOf(headers);
  };
}

/**
 * A copy as one literal of the header names: the copy every reply makes is an allocation of a known
 * shape (~12 ns), where `Object.assign` walks the keys (~90 ns) and a spread copy has no room for the
 * headers added next, each of which then reshapes it (1.4 µs; all measured, Node 20).
 */
function copyOf(h: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {
    [H.chainId]: h[H.chainId]!,
    [H.ledgerVersion]: h[H.ledgerVersion]!,
    [H.oldestLedgerVersion]: h[H.oldestLedgerVersion]!,
    [H.ledgerTimestampUsec]: h[H.ledgerTimestampUsec]!,
    [H.epoch]: h[H.epoch]!,
    [H.blockHeight]: h[H.blockHeight]!,
    [H.oldestBlockHeight]: h[H.oldestBlockHeight]!,
  };
  if (h[H.gasUsed] !== undefined) out[H.gasUsed] = h[H.gasUsed]!;
  if (h[H.cursor] !== undefined) out[H.cursor] = h[H.cursor]!;
  return out;
}
