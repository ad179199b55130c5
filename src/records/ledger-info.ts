import { UsageError, quote } from '../bcs/index.js';

// The ledger headers every response of the interface carries (X-SVC-*), parsed into a typed value
// and written back. Required headers are checked strictly: a client must not act on a response whose
// ledger position it cannot read.

export interface LedgerInfo {
  chainId: number;
  ledgerVersion: bigint;
  oldestLedgerVersion: bigint;
  ledgerTimestampUsec: bigint;
  epoch: bigint;
  blockHeight: bigint;
  oldestBlockHeight: bigint;
  /** Cost of the call in gas, where the endpoint reports it. */
  gasUsed?: bigint;
  /** Cursor for the next page of a cursor-paginated endpoint (passed as `start`). */
  cursor?: string;
}

/** Header names, as the interface spells them (matched case-insensitively). */
export const LEDGER_HEADERS = {
  chainId: 'X-SVC-CHAIN-ID',
  ledgerVersion: 'X-SVC-LEDGER-VERSION',
  oldestLedgerVersion: 'X-SVC-LEDGER-OLDEST-VERSION',
  ledgerTimestampUsec: 'X-SVC-LEDGER-TIMESTAMPUSEC',
  epoch: 'X-SVC-EPOCH',
  blockHeight: 'X-SVC-BLOCK-HEIGHT',
  oldestBlockHeight: 'X-SVC-OLDEST-BLOCK-HEIGHT',
  gasUsed: 'X-SVC-GAS-USED',
  cursor: 'X-SVC-CURSOR',
} as const;

/** The ledger headers every answer carries (not the gas used nor the cursor), by name: one object type. */
export type FixedLedgerHeaders = Record<(typeof LEDGER_HEADERS)[Exclude<keyof typeof LEDGER_HEADERS, 'gasUsed' | 'cursor'>], string>;

/**
 * The same headers as aptos-core names them (api/src/response.rs, response_axum.rs
 * `build_ledger_headers`): what real nodes send, and what ts-sdk reads (only `x-aptos-cursor`). A
 * reader takes them where the X-SVC-* ones are absent (a real node, or its answer forwarded by a
 * replica); the library's server sends X-SVC-* and, beside a page, X-Aptos-Cursor too.
 */
export const APTOS_LEDGER_HEADERS: Readonly<Record<keyof typeof LEDGER_HEADERS, string>> = {
  chainId: 'X-Aptos-Chain-Id',
  ledgerVersion: 'X-Aptos-Ledger-Version',
  oldestLedgerVersion: 'X-Aptos-Ledger-Oldest-Version',
  ledgerTimestampUsec: 'X-Aptos-Ledger-TimestampUsec',
  epoch: 'X-Aptos-Epoch',
  blockHeight: 'X-Aptos-Block-Height',
  oldestBlockHeight: 'X-Aptos-Oldest-Block-Height',
  gasUsed: 'X-Aptos-Gas-Used',
  cursor: 'X-Aptos-Cursor',
};

const U64_FIELDS = ['ledgerVersion', 'oldestLedgerVersion', 'ledgerTimestampUsec', 'epoch', 'blockHeight', 'oldestBlockHeight'] as const;
const U64_MAX = 0xffff_ffff_ffff_ffffn; // a literal: a bundle that reads no ledger header drops it
const DECIMAL = /^(?:0|[1-9][0-9]{0,19})$/;

export type HeaderSource = Headers | Record<string, string | readonly string[] | undefined>;

function reader(headers: HeaderSource): (name: string) => string | undefined {
  if (typeof (headers as Headers)?.get === 'function') {
    return (name) => (headers as Headers).get(name) ?? undefined;
  }
  if (typeof headers !== 'object' || headers === null) throw new UsageError('invalid_header', 'ledger headers must be a Headers object or a record');
  const lower = new Map<string, string | readonly string[] | undefined>();
  for (const [k, v] of Object.entries(headers)) lower.set(k.toLowerCase(), v);
  return (name) => {
    const v = lower.get(name.toLowerCase());
    // Node's IncomingHttpHeaders gives arrays for repeated headers; one value is all a header may have here.
    const one = Array.isArray(v) ? (v.length === 1 ? v[0] : repeated(name)) : v;
    // A plain record is typed by its caller only: a number or an object is not a header value.
    if (one !== undefined && typeof one !== 'string') throw new UsageError('invalid_header', `header ${name} must be a string, got ${quote(one)}`);
    return one;
  };
}

function repeated(name: string): never {
  throw new UsageError('invalid_header', `header ${name} is repeated`);
}

function u64(name: string, value: string): bigint {
  if (!DECIMAL.test(value)) throw new UsageError('invalid_header', `header ${name} is not a decimal u64: ${JSON.stringify(value.slice(0, 64))}`);
  const v = BigInt(value);
  if (v > U64_MAX) throw new UsageError('invalid_header', `header ${name} is out of range for u64: ${value}`);
  return v;
}

/** Reads the X-SVC-* headers (or the node's X-Aptos-* names, where those are absent); a missing or malformed required header is a `UsageError` (`invalid_header`) naming it. */
export function parseLedgerInfo(headers: HeaderSource): LedgerInfo {
  const read = reader(headers);
  const get = (name: string): string | undefined => {
    const v = read(name);
    if (v !== undefined) return v;
    const field = (Object.keys(LEDGER_HEADERS) as (keyof typeof LEDGER_HEADERS)[]).find((k) => LEDGER_HEADERS[k] === name);
    return field === undefined ? undefined : read(APTOS_LEDGER_HEADERS[field]);
  };
  const required = (name: string): string => {
    const v = get(name);
    if (v === undefined) throw new UsageError('invalid_header', `missing header ${name}`);
    return v.trim();
  };
  const chain = required(LEDGER_HEADERS.chainId);
  if (!/^(?:0|[1-9][0-9]{0,2})$/.test(chain) || Number(chain) > 255) {
    throw new UsageError('invalid_header', `header ${LEDGER_HEADERS.chainId} is not a u8: ${JSON.stringify(chain.slice(0, 64))}`);
  }
  const info = { chainId: Number(chain) } as LedgerInfo;
  for (const f of U64_FIELDS) info[f] = u64(LEDGER_HEADERS[f], required(LEDGER_HEADERS[f]));
  const gas = get(LEDGER_HEADERS.gasUsed);
  if (gas !== undefined) info.gasUsed = u64(LEDGER_HEADERS.gasUsed, gas.trim());
  const cursor = get(LEDGER_HEADERS.cursor);
  if (cursor !== undefined) info.cursor = cursor;
  return info;
}

/** The X-SVC-* headers of `info`, for a server's responses. */
export function ledgerInfoHeaders(info: LedgerInfo): Record<string, string> {
  if (typeof info !== 'object' || info === null) throw new UsageError('invalid_option', 'ledger info must be an object');
  const chain = info.chainId;
  if (!Number.isInteger(chain) || chain < 0 || chain > 255) throw new UsageError('invalid_option', `chainId must be a u8, got ${String(chain)}`);
  // The names of LEDGER_HEADERS written out in one literal, fields read by name: a server makes
  // these whenever the ledger moves (each request, on a live chain), and a loop over the names made
  // every store and read a megamorphic keyed access (~3k instructions a request; issue 32,
  // callgrind). The values are checked in the same order as before; `satisfies` ties the names
  // to LEDGER_HEADERS, their one home (a misspelt or missing name does not compile). The two
  // headers only some answers carry are named from it directly.
  const out: Record<string, string> = {
    'X-SVC-CHAIN-ID': String(chain),
    'X-SVC-LEDGER-VERSION': u64Text('ledgerVersion', info.ledgerVersion),
    'X-SVC-LEDGER-OLDEST-VERSION': u64Text('oldestLedgerVersion', info.oldestLedgerVersion),
    'X-SVC-LEDGER-TIMESTAMPUSEC': u64Text('ledgerTimestampUsec', info.ledgerTimestampUsec),
    'X-SVC-EPOCH': u64Text('epoch', info.epoch),
    'X-SVC-BLOCK-HEIGHT': u64Text('blockHeight', info.blockHeight),
    'X-SVC-OLDEST-BLOCK-HEIGHT': u64Text('oldestBlockHeight', info.oldestBlockHeight),
  } satisfies FixedLedgerHeaders;
  if (info.gasUsed !== undefined) out[LEDGER_HEADERS.gasUsed] = u64Text('gasUsed', info.gasUsed);
  if (info.cursor !== undefined) {
    // A header value cannot hold line breaks; anything else a cursor may be is passed through.
    if (typeof info.cursor !== 'string' || /[\r\n]/.test(info.cursor)) throw new UsageError('invalid_option', 'cursor must be a string without line breaks');
    out[LEDGER_HEADERS.cursor] = info.cursor;
  }
  return out;
}

/** The X-SVC-LEDGER-TIMESTAMPUSEC value of a timestamp, checked as `ledgerInfoHeaders` checks it. */
export function ledgerTimestampHeader(v: unknown): string {
  return u64Text('ledgerTimestampUsec', v);
}

function u64Text(field: string, v: unknown): string {
  if (typeof v !== 'bigint' || v < 0n || v > U64_MAX) throw new UsageError('invalid_option', `${field} must be a u64 bigint, got ${String(v)}`);
  return v.toString();
}
