/**
 * The error of the BCS core and of every decoder and text format built on it (the other layers have
 * their own: `UsageError` for a caller's bad option, `ApiError` for the node's answers, the client's,
 * ledger's, replica's and signing's errors). `code` is a closed set: callers switch on it, never on `message`.
 * Codes mirror the variants of the Rust `bcs` crate's `Error` (its `src/error.rs`; the crate aptos-core
 * serializes with), plus the encode-side and text-format failures a JavaScript caller can produce.
 */
export type BcsErrorCode =
  // decoding (Rust bcs crate variants)
  | 'unexpected_end'
  | 'non_canonical_uleb128'
  | 'uleb128_overflow'
  | 'exceeded_max_length'
  | 'exceeded_max_depth'
  | 'expected_boolean'
  | 'expected_option'
  | 'invalid_utf8'
  | 'non_canonical_map'
  | 'remaining_input'
  | 'invalid_variant'
  // encoding and value validation
  | 'out_of_range'
  | 'invalid_type'
  | 'missing_field'
  | 'invalid_length'
  // text formats
  | 'invalid_hex'
  | 'invalid_address'
  | 'invalid_identifier'
  | 'invalid_type_tag'
  | 'invalid_json'
  | 'not_supported';

export class BcsError extends Error {
  // The constructor's own name too, so it survives minified builds (an error prints as BcsError).
  static override readonly name = 'BcsError';
  override readonly name = 'BcsError';
  // `declare`: assigned in the constructor only, so no field initialisers are emitted for them.
  declare readonly code: BcsErrorCode;
  /** Byte offset into the input where decoding failed (-1 when not decoding). */
  declare readonly offset: number;
  // Path segments innermost first: pushed while unwinding, so building a deep path stays linear.
  private readonly unwound: (string | number)[] = [];
  private declare readonly detail: string;

  constructor(code: BcsErrorCode, detail: string, offset = -1) {
    super(); // no own `message`: the accessor below builds it when read
    this.code = code;
    this.detail = detail;
    this.offset = offset;
  }

  // Built when read, not when thrown, so unwinding through deep containers stays linear.
  override get message(): string {
    const path = this.path;
    return `${this.detail ?? ''}${path ? ` (at ${path})` : ''}${this.offset >= 0 ? ` at offset ${this.offset}` : ''}`;
  }

  /** Dotted path into the value, e.g. `payload.args[1]` (empty at the top level). */
  get path(): string {
    let out = '';
    // `?.`: also read off the prototype (by inspectors), where no instance fields exist.
    for (let i = (this.unwound?.length ?? 0) - 1; i >= 0; i--) {
      const s = this.unwound[i];
      if (typeof s === 'number') out += `[${s}]`;
      else out += out === '' ? s : `.${s}`;
    }
    return out;
  }

  /** Called while the error unwinds through containers, so the path is built only on failure. */
  within(segment: string | number): this {
    this.unwound.push(segment);
    return this;
  }

  toJSON(): { code: BcsErrorCode; message: string; offset: number; path: string } {
    return { code: this.code, message: this.detail, offset: this.offset, path: this.path };
  }
}

/**
 * A value as error messages show it, never throwing and never huge: strings JSON-quoted and cut at
 * `max` characters (hostile input must not make a megabyte message), bigints with `n`, anything
 * else by its kind (`null`, `array`, `number`, `object`, …).
 */
export function quote(v: unknown, max = 64): string {
  return typeof v === 'string'
    ? JSON.stringify(v.length > max ? `${v.slice(0, max)}…` : v)
    : typeof v === 'bigint' ? `${v}n` : v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
}

export function isBcsError(e: unknown): e is BcsError {
  // isNamedError written out: this guard is in every bundle that encodes (rethrowWithin), and the
  // general form costs the 8 KB transfer bundle ~90 bytes it does not have.
  return typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'BcsError' && typeof (e as { code?: unknown }).code === 'string';
}

/**
 * Whether `e` is the library's error class `name`, by its name and one field of the given kind: every
 * `isXError` guard of the library. Duck-typed on purpose: `instanceof` breaks when two copies of the
 * library are bundled.
 */
export function isNamedError(e: unknown, name: string, field: string, kind: 'string' | 'number' | 'array'): boolean {
  if (typeof e !== 'object' || e === null || (e as { name?: unknown }).name !== name) return false;
  const v = (e as Record<string, unknown>)[field];
  return kind === 'array' ? Array.isArray(v) : typeof v === kind;
}

/** Re-throws `e` with `segment` prepended to its path; anything that is not ours passes untouched. */
export function rethrowWithin(e: unknown, segment: string | number): never {
  if (isBcsError(e)) throw e.within(segment);
  throw e;
}
