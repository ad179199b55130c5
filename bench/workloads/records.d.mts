import type { Workload } from './index.mjs';
export function recordWorkloads(ours: Record<string, unknown>): (Workload & { inputBytes: () => number })[];
