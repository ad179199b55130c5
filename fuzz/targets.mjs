// The fuzz targets, one table row each: a name, what a failure may be (the library's own error),
// seeds, and the function under test. Adding a reader is one line here.
import { readdirSync, readFileSync } from 'node:fs';
// Every layer's entry, as one namespace (the root entry is small).
const L = Object.assign(
  {},
  ...(await Promise.all(['bcs', 'move', 'transactions', 'records', 'submission'].map((e) => import(`../dist/${e}/index.js`)))),
);

const fixture = (path) => JSON.parse(readFileSync(new URL(`../fixtures/${path}`, import.meta.url), 'utf8'));
const vectorsOf = (g) => (Array.isArray(g) ? g : g.vectors ?? []);
const hexes = [
  ...vectorsOf(fixture('records/golden.json')).map((v) => v.bcs),
  ...vectorsOf(fixture('transactions/raw-transactions.json')).map((v) => v.bcs),
  ...vectorsOf(fixture('transactions/raw-transactions-with-data.json')).map((v) => v.bcs),
  ...vectorsOf(fixture('transactions/signed-transactions.json')).map((v) => v.bcs),
  ...vectorsOf(fixture('move/type-tags.json')).map((v) => v.bcs),
].filter((h) => typeof h === 'string');
const blobs = hexes.map((h) => L.fromHex(h.startsWith('0x') ? h : `0x${h}`));

/** Every window of every blob that `schema` reads as one value: seeds for codecs no fixture holds whole. */
function seedsFor(schema) {
  const out = [];
  const seen = new Set();
  for (const b of blobs) {
    for (let a = 0; a < b.length && out.length < 24; a++) {
      try {
        const r = new L.BcsReader(b, {}, a);
        schema.read(r);
        if (r.off === a) continue;
        const key = `${b.length}:${a}:${r.off}`;
        if (!seen.has(key)) {
          seen.add(key);
          out.push(b.slice(a, r.off));
        }
      } catch {
        // not a value here
      }
    }
  }
  return out;
}

const isBcs = (e) => L.isBcsError(e);
// Readers of parsed JSON values: the harness parses the text first, outside the measurement (a
// text that is not JSON is no input for them: JSON.parse's SyntaxError is not theirs).
const onValue = (f) => f;
const isApi = (e) => L.isApiError(e);

const decoders = [];
for (const [name, codec] of Object.entries(L.transactionCodecs())) decoders.push({ name: `bcs ${name}`, schema: codec.schema });
for (const [name, codec] of Object.entries(L.recordCodecs())) decoders.push({ name: `bcs ${name}`, schema: codec.schema });
decoders.push({ name: 'bcs StructTag', schema: L.structTag });
decoders.push({ name: 'bcs ModuleId', schema: L.moduleId });
for (const endpoint of ['transaction_summaries', 'balance', 'account', 'block']) {
  const schema = { read: null, decode: (b) => L.decodeResponse(endpoint, b) };
  decoders.push({ name: `response ${endpoint}`, schema, seedsFrom: { block: 'BcsBlock', account: 'AccountResource', balance: 'Balance', transaction_summaries: 'TransactionSummaries' }[endpoint] });
}

/** BCS decoders: input bytes, the library's BcsError the only failure. */
export function decoderTargets() {
  const byName = new Map(decoders.map((d) => [d.name, d]));
  return decoders.map((d) => {
    const schema = d.seedsFrom ? byName.get(`bcs ${d.seedsFrom}`).schema : d.schema;
    return { name: d.name, kind: 'bytes', seeds: seedsFor(schema), run: (bytes) => d.schema.decode(bytes), ours: isBcs };
  });
}

const requests = vectorsOf(fixture('submission/requests.json')).map((v) => JSON.stringify(v.request));
const exampleLines = readFileSync(new URL('../fixtures/example-requests.jsonl', import.meta.url), 'utf8').split('\n').filter(Boolean);

/** JSON values of every record and transaction codec (their JSON-safe forms), from the decoded seeds. */
function jsonSeeds(codec, schema) {
  return seedsFor(schema)
    .slice(0, 8)
    .map((b) => JSON.stringify(codec.toJson(schema.decode(b))));
}

/** JSON and text readers: input text; the failure their layer throws is the only one allowed. */
export function jsonTargets() {
  const out = [
    {
      name: 'json request body',
      kind: 'text',
      seeds: [...requests, ...exampleLines],
      run: (text) => L.encodeSubmission(L.parseRequestBody(text), { chainId: 4 }),
      ours: (e) => isApi(e) || isBcs(e),
    },
    { name: 'json request body (sliced)', kind: 'text', async: true, seeds: [...requests.slice(0, 8)], run: (text) => L.parseRequestBodySliced(text), ours: isApi },
    { name: 'json block', kind: 'text', seeds: [...seedsFor(L.bcsBlock.schema).slice(0, 8).map((b) => JSON.stringify(L.blockJson({ ...L.bcsBlock.schema.decode(b), transactions: null }))), ...goldens('blocks_test')], run: onValue((v) => L.parseBlockJson(v)), ours: isBcs, prepare: JSON.parse },
    { name: 'json account', kind: 'text', seeds: ['{"sequence_number":"7","authentication_key":"0x0000000000000000000000000000000000000000000000000000000000000001"}'], run: onValue((v) => L.parseAccountDataJson(v)), ours: isBcs, prepare: JSON.parse },
    { name: 'json balance', kind: 'text', seeds: ['12345678901234567890', '0'], run: (text) => L.parseBalanceJson(text), ours: isBcs },
    { name: 'json transaction summary', kind: 'text', seeds: seedsFor(L.indexedTransactionSummary.schema).slice(0, 8).map((b) => JSON.stringify(L.transactionSummaryJson(L.indexedTransactionSummary.schema.decode(b)))), run: onValue((v) => L.parseTransactionSummaryJson(v)), ours: isBcs, prepare: JSON.parse },
    { name: 'json error body', kind: 'text', seeds: ['{"message":"m","error_code":"invalid_input","vm_error_code":null}'], run: onValue((v) => L.parseErrorBody(v)), ours: isBcs, prepare: JSON.parse },
    { name: 'text type tag', kind: 'text', seeds: vectorsOf(fixture('move/type-tags.json')).map((v) => v.string), run: (t) => L.parseTypeTag(t), ours: isBcs },
    { name: 'text struct tag', kind: 'text', seeds: ['0x1::coin::CoinStore<0x1::aptos_coin::AptosCoin>'], run: (t) => L.parseStructTag(t), ours: isBcs },
    { name: 'text move type', kind: 'text', seeds: ['vector<&mut 0x1::option::Option<T0>>', 'u64'], run: (t) => L.parseMoveType(t), ours: isBcs },
    { name: 'text entry function id', kind: 'text', seeds: ['0x1::aptos_account::transfer'], run: (t) => L.parseEntryFunctionId(t), ours: isBcs },
    { name: 'text decimal', kind: 'text', seeds: ['18446744073709551615', '0'], run: (t) => L.parseDecimal(t, 'u64'), ours: isBcs },
  ];
  // Records' and transactions' JSON-safe forms (their fromJson readers).
  for (const [group, codecs] of [['record', L.recordCodecs()], ['transaction', L.transactionCodecs()]]) {
    for (const [name, codec] of Object.entries(codecs)) {
      out.push({ name: `json ${group} ${name}`, kind: 'text', seeds: jsonSeeds(codec, codec.schema), run: onValue((v) => codec.fromJson(v)), ours: isBcs, prepare: JSON.parse });
    }
  }
  // The node's own JSON of transactions, blocks, events and signatures (ledger-bcs/node-json).
  if (N !== null) {
    const text = (name, fn, part) => ({ name: `node json ${name}`, kind: 'text', seeds: goldenValues(part), run: fn, ours: isBcs });
    const value = (name, fn, part) => ({ ...text(name, fn, part), prepare: JSON.parse });
    out.push(
      text('transaction', (t) => N.parseTransactionJson(t), 'transactions_test'),
      text('block', (t) => N.parseNodeBlockJson(t), 'blocks_test'),
      text('text', (t) => N.parseNodeJsonText(t), 'transactions_test'),
      value('event', (v) => N.parseEventJson(v), 'events_test'),
      value('signature', (v) => N.parseSignatureJson(v), 'transactions_test'),
      value('account signature', (v) => N.parseAccountSignatureJson(v), 'transactions_test'),
    );
  }
  return out;
}

/** The node-json entry, when the build has one. */
const N = await import('../dist/node-json/index.js').catch(() => null);

/** Answers in the goldens whose file names contain `part`: each one, and the `signature` of each that has one. */
function goldenValues(part) {
  const out = [];
  for (const text of goldens(part)) {
    out.push(text);
    const v = JSON.parse(text);
    if (v && typeof v === 'object' && v.signature) out.push(JSON.stringify(v.signature));
  }
  return out.slice(0, 32);
}

/** Bodies of the node's own answers (../shared/node-goldens, beside the checkout; none when absent). */
function goldens(part) {
  const dir = new URL('../../shared/node-goldens/', import.meta.url);
  let names = [];
  try {
    names = readdirSync(dir).filter((n) => n.includes(part) && n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.flatMap((n) => {
    try {
      const v = JSON.parse(readFileSync(new URL(n, dir), 'utf8'));
      const body = v?.body ?? v?.response ?? v;
      return (Array.isArray(body) ? body.slice(0, 3) : [body]).map((x) => JSON.stringify(x));
    } catch {
      return [];
    }
  });
}
