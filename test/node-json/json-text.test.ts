import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nodeJsonText, parseNodeJsonText } from '../../src/node-json/index.js';

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
