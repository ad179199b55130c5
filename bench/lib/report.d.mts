export function formatNs(ns: number | undefined | null): string;
export function analyse(w: { name: string; category?: string | null; minSpeedup?: number }, results: Record<string, unknown>): {
  speedup: Record<string, number>;
  rounds: Record<string, [number, number] | undefined>;
  vsFloor: number | undefined;
  targets: { peers: number; floor: number } | null;
  verdict: string;
};
export function speedTable(rows: { w: { name: string }; results: Record<string, unknown>; analysis: ReturnType<typeof analyse> }[]): string;
export function sizeVerdict(s: unknown): string;
export function sizeTable(sizes: unknown[]): string;
export function importTable(rows: unknown[]): string;
