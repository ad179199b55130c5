import type { Workload } from '../workloads/index.mjs';
export function hex(bytes: Uint8Array): string;
export function canonical(value: unknown): string;
export function instantiate(w: Workload): { ops: Record<string, () => unknown>; pending: Record<string, string> };
export function verify(w: Workload, ops: Record<string, () => unknown>): { reference: string; outputs: Record<string, string> };
