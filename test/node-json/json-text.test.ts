import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fromHex } from '../../src/bcs/index.js';
import { nodeJsonText, parseNodeBlockJson, parseNodeJsonText, parseTransactionJson, type ReadVerification } from '../../src/node-json/index.js';

// parseNodeJsonText takes JSON.parse unless an integer literal of 16+ digits may lie outside a
// string; the pre-check must find every such literal, in compact and pretty text alike.
describe('parseNodeJsonText: integers beyond 2^53 are exact wherever they sit', () => {
  const big = 2n ** 64n - 1n;
  const neg = -(2n ** 63n); // serde_json reads a negative integer as an i64
  const texts = [
    `${big}`,
    `[${big}]`,
    `[1,${big}]`,
    `[1, ${big}]`,
    `[1,\n    ${big}]`,
    `{"a":${big}}`,
    `{"a": ${big}}`,
    `{"a":\n\t${big}}`,
    `{"a":"x","b":${big}}`,
    `{"a":${neg}}`,
    `{"a": [\n        ${neg}\n    ]}`,
    `{"a":9007199254740993}`,
  ];
  for (const t of texts) {
    it(JSON.stringify(t), () => {
      const v = parseNodeJsonText(t);
      expect(nodeJsonText(v).replace(/\s/g, '')).toBe(t.replace(/\s/g, ''));
    });
  }

  it('round-trips u64s as JSON numbers in compact and pretty text, among strings of digits', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ n: fc.bigInt({ min: 0n, max: big }), s: fc.string({ unit: fc.constantFrom('0', '7', '9', 'a', ' ', '"', ':') }) })), fc.boolean(), (rows, pretty) => {
        const text = pretty ? JSON.stringify(rows.map((r) => ({ s: r.s, n: 0 })), null, 4) : JSON.stringify(rows.map((r) => ({ s: r.s, n: 0 })));
        let i = 0;
        const withNumbers = text.replace(/"n": ?0/g, (m) => m.slice(0, -1) + String(rows[i++]!.n));
        const back = parseNodeJsonText(withNumbers) as { s: string; n: number | bigint }[];
        expect(back.map((r) => BigInt(r.n))).toEqual(rows.map((r) => r.n));
        expect(back.map((r) => r.s)).toEqual(rows.map((r) => r.s));
      }),
    );
  });

  it('digit runs inside strings, hex and decimal, read as strings', () => {
    const t = '{"hash":"0x1234567890123456789012345678901234567890123456789012345678901234","amount":"18446744073709551615","small":12}';
    expect(parseNodeJsonText(t)).toEqual(JSON.parse(t));
  });
});

// The readers take JSON.parse's value of a text first and look for long numbers only where that
// value could mislead them (a failed read, JSON kept as it stands): each such text is still read exactly.
describe('reading text: numbers beyond 2^53 are read exactly, and the notes once', () => {
  const BLOCK = readFileSync('fixtures/real-node/mainnet/block-456015808.json', 'utf8');
  const epilogue = (JSON.parse(BLOCK) as { transactions: Record<string, unknown>[] }).transactions.find((t) => t.type === 'block_epilogue_transaction')!;
  const units = 2n ** 60n + 1n; // 2^60 + 1 as a double is 2^60: JSON.parse alone would read it wrong
  const withUnits = (text: string) => text.replace(/"block_effective_block_gas_units":\s*\d+/, `"block_effective_block_gas_units":${units}`);
  const blockId = fromHex((JSON.parse(BLOCK) as { block_hash: string }).block_hash);

  it('a lone epilogue', () => {
    const text = withUnits(JSON.stringify(epilogue));
    expect(text).toContain(String(units));
    const r = parseTransactionJson(text, { blockId, verifyHash: false });
    const t = (r.data.value as { transaction: { value: { value: { blockEndInfo: { value: { blockEffectiveBlockGasUnits: bigint } } } } } }).transaction;
    expect(t.value.value.blockEndInfo.value.blockEffectiveBlockGasUnits).toBe(units);
  });

  it('a block (its epilogue hash then no longer fits: read unverified)', () => {
    const block = parseNodeBlockJson(withUnits(BLOCK), { chainId: 1, lenient: true, verifyHash: false });
    const last = block.transactions!.at(-1)! as { transaction: { value: { value: { blockEndInfo: { value: { blockEffectiveBlockGasUnits: bigint } } } } } };
    expect(last.transaction.value.value.blockEndInfo.value.blockEffectiveBlockGasUnits).toBe(units);
  });

  it('JSON kept as it stands (lenient, no layout) keeps its long numbers exact', () => {
    const text = BLOCK.replace(/("data":\s*\{)(\s*"category")/, `$1"extra":${2n ** 64n - 1n},$2`);
    expect(text).not.toBe(BLOCK);
    const verification: ReadVerification = { checked: [], unchecked: [], opaque: [] };
    parseNodeBlockJson(text, { chainId: 1, lenient: true, verification });
    const kept = verification.opaque.map((o) => o.json as Record<string, unknown>).find((j) => j && typeof j === 'object' && 'extra' in j);
    expect(kept?.extra).toBe(2n ** 64n - 1n);
    // Read twice (the second time exactly), noted once: the same notes as the text without the number.
    const once: ReadVerification = { checked: [], unchecked: [], opaque: [] };
    parseNodeBlockJson(BLOCK, { chainId: 1, lenient: true, verification: once });
    expect(verification.checked).toEqual(once.checked);
    expect(verification.unchecked).toEqual(once.unchecked);
    expect(verification.opaque.map((o) => o.path)).toEqual(once.opaque.map((o) => o.path));
    // One transaction's text, read alone with a collector: the same.
    const one = nodeJsonText((parseNodeJsonText(text) as { transactions: unknown[] }).transactions.find((t) => nodeJsonText(t).includes('"extra"')));
    const mine: ReadVerification = { checked: [], unchecked: [], opaque: [] };
    const r = parseTransactionJson(one, { chainId: 1, lenient: true, verification: mine });
    expect((r.verification.opaque.map((o) => o.json as Record<string, unknown>).find((j) => j && typeof j === 'object' && 'extra' in j))?.extra).toBe(2n ** 64n - 1n);
    expect(mine.opaque.map((o) => o.path)).toEqual(r.verification.opaque.map((o) => o.path));
    expect(mine.checked).toEqual(r.verification.checked);
  });
});
