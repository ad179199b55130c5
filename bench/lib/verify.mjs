// Before anything is timed, every implementation of a workload runs once and must produce the
// same bytes (or, for decoders, equivalent values after normalisation). A mismatch is fatal:
// a fast wrong answer is not a result.
import { IMPLS, Pending } from '../workloads/registry.mjs';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
export const hex = (b) => {
  let s = '';
  for (let i = 0; i < b.length; i++) s += HEX[b[i]];
  return s;
};

/** A string that is equal for equal plain values (bigints and byte arrays included). */
export function canonical(value) {
  return JSON.stringify(value, (_k, v) =>
    typeof v === 'bigint' ? `${v}n` : v instanceof Uint8Array ? `bytes:${hex(v)}` : v,
  );
}

function comparable(w, impl, out) {
  if (out instanceof Uint8Array) return `bytes:${hex(out)}`;
  const norm = w.normalize[impl];
  return canonical(norm ? norm(out) : out);
}

/** Runs each implementation's setup: `{ ops: { impl: op }, pending: { impl: reason } }`. */
export function instantiate(w) {
  const ops = {};
  const pending = {};
  for (const impl of IMPLS) {
    const setup = w.impls[impl];
    if (!setup) continue;
    try {
      ops[impl] = setup();
    } catch (e) {
      if (e instanceof Pending || e?.name === 'Pending') pending[impl] = e.message;
      else throw new Error(`${w.name} [${impl}] setup failed: ${e?.stack ?? e}`);
    }
  }
  return { ops, pending };
}

function describeDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `first difference at character ${i}: …${a.slice(Math.max(0, i - 20), i + 40)}… vs …${b.slice(Math.max(0, i - 20), i + 40)}…`;
}

/**
 * Runs every op once and compares. Returns `{ reference, outputs }`; throws an Error naming the
 * implementations that disagree (with the first difference) otherwise.
 */
export function verify(w, ops) {
  const outputs = {};
  for (const [impl, op] of Object.entries(ops)) {
    try {
      outputs[impl] = comparable(w, impl, op());
    } catch (e) {
      throw new Error(`${w.name} [${impl}] threw during verification: ${e?.stack ?? e}`);
    }
  }
  const reference = w.expected ? `bytes:${hex(w.expected)}` : (outputs.floor ?? Object.values(outputs)[0]);
  const refName = w.expected ? 'expected vector' : outputs.floor !== undefined ? 'floor' : Object.keys(outputs)[0];
  const bad = Object.entries(outputs).filter(([, v]) => v !== reference);
  if (bad.length) {
    const details = bad.map(([impl, v]) => `  ${impl} ≠ ${refName}: ${describeDifference(v, reference)}`).join('\n');
    throw new Error(`${w.name}: implementations disagree\n${details}`);
  }
  return { reference, outputs };
}
