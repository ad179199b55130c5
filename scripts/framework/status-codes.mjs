// The names of move-core-types `StatusCode` (third_party/move/move-core/types/src/vm_status.rs),
// which the node writes for `ExecutionStatus::MiscellaneousError(Some(code))`: the enum's
// `NAME = number,` lines, grouped by thousand (`first:NAME NAME - NAME`, `-` for an unused number).
// `UNKNOWN_STATUS` (u64::MAX) is checked here and built into the table's reader.

export function statusCodeGroups(rust) {
  const body = /pub enum StatusCode \{([\s\S]*?)\n\}/.exec(rust);
  if (!body) throw new Error('vm_status.rs: no `pub enum StatusCode`');
  const entries = [];
  for (const line of body[1].split('\n')) {
    const t = line.replace(/\/\/.*$/, '').trim();
    if (t === '') continue;
    const m = /^([A-Z][A-Z0-9_]*)\s*=\s*([0-9]+),?$/.exec(t);
    if (!m) throw new Error(`vm_status.rs: unexpected line in StatusCode: ${line}`);
    entries.push({ name: m[1], code: BigInt(m[2]) });
  }
  const unknown = entries.find((e) => e.name === 'UNKNOWN_STATUS');
  if (!unknown || unknown.code !== 0xffffffffffffffffn) throw new Error('vm_status.rs: UNKNOWN_STATUS is not u64::MAX');
  const groups = [];
  let group;
  let next = 0n;
  for (const { name, code } of entries) {
    if (name === 'UNKNOWN_STATUS') continue;
    if (code < next) throw new Error(`vm_status.rs: ${name} = ${code} is out of order`);
    if (!group || code / 1000n !== group.first / 1000n) {
      group = { first: code, names: [] };
      groups.push(group);
    } else for (; next < code; next++) group.names.push('-');
    group.names.push(name);
    next = code + 1n;
  }
  return groups.map((g) => `${g.first}:${g.names.join(' ')}`);
}
