// Types for the registry test (test/bench); the bench itself is plain ESM.
export interface Workload {
  name: string;
  title: string;
  category: 'encode' | 'decode' | 'signing' | 'primitive' | null;
  minSpeedup?: number;
  expected?: Uint8Array;
  impls: Record<string, () => () => unknown>;
  normalize: Record<string, (output: unknown) => unknown>;
}
export function createWorkloads(ours: Record<string, unknown>): Workload[];
