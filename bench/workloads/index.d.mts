// Types for the registry test (test/bench); the bench itself is plain ESM.
export interface Workload {
  name: string;
  title: string;
  category: 'encode' | 'decode' | 'signing' | 'primitive' | 'records' | null;
  /** Input size in bytes, for decoders reported as MB/s. */
  inputBytes?: () => number;
  minSpeedup?: number;
  expected?: Uint8Array;
  impls: Record<string, () => () => unknown>;
  normalize: Record<string, (output: unknown) => unknown>;
}
export function createWorkloads(ours: Record<string, unknown>): Workload[];
