import { Logger } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import request from 'supertest';
import { jsonStream, jsonWithList } from './group-details-json';

const whole = (chunks: Iterable<string>) => [...chunks].join('');

describe('jsonWithList', () => {
  const envelope = (list: unknown[]) => ({ data: { head: 'a "quoted" \u2028 text', list, tail: { n: 1.5, none: null } } });
  const items = Array.from({ length: 7 }, (_, i) => ({ id: i, name: `item ${i}`, cents: i * 101 }));

  it.each([1, 2, 3, 7, 50])('is JSON.stringify of the envelope with the list filled in (%i per chunk)', (perChunk) => {
    const mapped = items.map((x) => ({ ...x, amount: x.cents / 100 }));
    const chunks = [...jsonWithList(envelope([]), 'list', items, (x) => ({ ...x, amount: x.cents / 100 }), perChunk)];
    expect(chunks.join('')).toBe(JSON.stringify(envelope(mapped)));
    expect(chunks).toHaveLength(Math.ceil(items.length / perChunk) + 1);
  });

  it('an empty list, and items that map to nothing, read as in an array', () => {
    expect(whole(jsonWithList(envelope([]), 'list', [], (x) => x, 5))).toBe(JSON.stringify(envelope([])));
    expect(whole(jsonWithList(envelope([]), 'list', [1, 2], () => undefined, 5))).toBe(JSON.stringify(envelope([null, null])));
  });

  it('maps lazily: an item is mapped only when its chunk is read', () => {
    const seen: number[] = [];
    const it = jsonWithList(envelope([]), 'list', items, (x) => (seen.push(x.id), x), 2);
    it.next();
    expect(seen).toEqual([0, 1]);
  });

  it('finds the key itself, not a text that spells it, and refuses an envelope without it', () => {
    const tricky = { title: '"list":[]', data: { list: [] as unknown[] } };
    expect(whole(jsonWithList(tricky, 'list', [1], (x) => x, 5))).toBe(JSON.stringify({ ...tricky, data: { list: [1] } }));
    expect(() => whole(jsonWithList({ other: [] }, 'list', [1], (x) => x, 5))).toThrow(/must appear once/);
    expect(() => whole(jsonWithList({ a: { list: [] }, b: { list: [] } }, 'list', [1], (x) => x, 5))).toThrow(/must appear once/);
  });
});

describe("jsonStream (through Nest's Express adapter)", () => {
  function* failing(after: number) {
    for (let i = 0; i < after; i++) yield `"${'x'.repeat(70_000)}",`;
    throw new Error('mapping bug');
  }
  const serve = (chunks: () => Iterable<string>) => {
    const app = express();
    const adapter = new ExpressAdapter(app);
    app.get('/', (_req, res) => adapter.reply(res, jsonStream(chunks())));
    return request(app).get('/').set('Accept-Encoding', 'identity');
  };
  beforeEach(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('answers the chunks as JSON, chunked', async () => {
    const res = await serve(() => jsonWithList({ data: { list: [] } }, 'list', [1, 2, 3], (x) => x, 2)).expect(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(res.text).toBe('{"data":{"list":[1,2,3]}}');
  });

  it('a failure before the first byte answers the usual 500; after it, the connection is cut', async () => {
    const res = await serve(() => failing(0)).expect(500);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual({ statusCode: 500, code: 'INTERNAL', message: 'Internal server error.' });
    await expect(serve(() => failing(3))).rejects.toThrow();
  });
});
