import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLE, exampleLedger, get, serveSource, startFollower, until } from './helpers.js';

// A replica that starts after genesis answers the read API's state routes for state older than its
// first block by reading it through from the upstream, as it does resources: a module (GET
// .../module/{name} in BCS), a table item (POST .../raw_item); what it cannot list (an account's
// resources or modules before its first block) is a 500, not a partial list.

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers.reverse()) await c();
});

const NOTES = (EXAMPLE as unknown as { notesTable: string }).notesTable;

describe('replica read API: state older than its first block', () => {
  it('modules and table items read through, answered as the upstream answers them', async () => {
    const source = exampleLedger();
    const feed = await serveSource(source);
    closers.push(feed.close);
    const f = await startFollower(feed.url, { from: { height: 250n } });
    closers.push(f.stop);
    await until(() => f.follower.status().blockHeight === source.ledgerInfo().blockHeight);
    for (const accept of ['application/x-bcs', 'application/json']) {
      for (const path of ['/accounts/0x1/module/aptos_account', `/accounts/${EXAMPLE.accounts.issuer}/module/notes`, '/accounts/0x1/module/nope']) {
        const [a, b] = await Promise.all([get(feed.url, path, accept), get(f.url, path, accept)]);
        expect([b.status, Buffer.from(b.body).toString()], path).toEqual([a.status, Buffer.from(a.body).toString()]);
      }
    }
    const post = (base: string, path: string, body: unknown, accept: string) =>
      fetch(`${base}/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: JSON.stringify(body) }).then(async (r) => [r.status, await r.text()]);
    const item = { key_type: 'u64', value_type: '0x1::string::String', key: '2' };
    expect(await post(f.url, `/tables/${NOTES}/item`, item, 'application/json')).toEqual(await post(feed.url, `/tables/${NOTES}/item`, item, 'application/json'));
    expect(await post(f.url, `/tables/${NOTES}/raw_item`, { key: '0x0100000000000000' }, 'application/x-bcs')).toEqual(await post(feed.url, `/tables/${NOTES}/raw_item`, { key: '0x0100000000000000' }, 'application/x-bcs'));
    expect((await get(f.url, '/accounts/0x1/resources', 'application/json')).status).toBe(500);
    expect(f.follower.source.upstreamReads).toBeGreaterThan(0);
  });
});
