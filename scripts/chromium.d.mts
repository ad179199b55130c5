// Types of scripts/chromium.mjs (a plain script, so bench/ can run it without a build).

/** A DevTools protocol event as Chromium sends it. */
export interface ProtocolEvent {
  method: string;
  params: any;
  sessionId?: string;
}

export interface ChromiumPage {
  send(method: string, params?: object): Promise<any>;
  /** Every event the page has sent so far, in order. */
  readonly events: ProtocolEvent[];
  /** The params of the next event `method`. */
  next(method: string): Promise<any>;
}

export interface Chromium {
  send(method: string, params?: object, sessionId?: string): Promise<any>;
  newPage(): Promise<ChromiumPage>;
  /** Ends Chromium (its whole process group) and removes its profile. */
  close(): Promise<void>;
}

export function findChromium(): string | undefined;
export function launchChromium(binary: string, options?: { timeoutMs?: number }): Promise<Chromium>;
