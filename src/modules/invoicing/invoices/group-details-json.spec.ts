import { Logger } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import express from 'express';
import request from 'supertest';
import { jsonStream, jsonWithList, jsonWithListParts, type ListPart } from './group-details-json';

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

describe('jsonWithListParts', () => {
  const envelope = (list: unknown[]) => ({ data: { head: 'a "quoted" \u2028 text', list, tail: { n: 1.5, none: null } } });
  async function* partsOf<T>(parts: ListPart<T>[], seen: number[] = []): AsyncGenerator<ListPart<T>> {
    for (let i = 0; i < parts.length; i++) {
      seen.push(i);
      yield parts[i];
    }
  }
  const whole = async (chunks: AsyncIterable<string>) => {
    let out = '';
    for await (const c of chunks) out += c;
    return out;
  };
  // Each part maps with its own data (as each part of a group brings its own invoices' lines).
  const part = (ids: number[], tag: string): ListPart<number> => ({ items: ids, toJson: (id) => ({ id, tag }) });

  it.each([1, 2, 3, 50])('is JSON.stringify of the envelope with every part filled in, in order (%i per chunk)', async (perChunk) => {
    const parts = [part([0, 1, 2], 'a'), part([], 'b'), part([3], 'c'), part([4, 5, 6, 7], 'd')];
    const expected = parts.flatMap((p) => p.items.map(p.toJson));
    expect(await whole(jsonWithListParts(envelope([]), 'list', partsOf(parts), perChunk))).toBe(JSON.stringify(envelope(expected)));
  });

  it('no parts or only empty ones: the empty list; an item that maps to nothing reads as in an array', async () => {
    expect(await whole(jsonWithListParts(envelope([]), 'list', partsOf<number>([]), 5))).toBe(JSON.stringify(envelope([])));
    expect(await whole(jsonWithListParts(envelope([]), 'list', partsOf([part([], 'x')]), 5))).toBe(JSON.stringify(envelope([])));
    const none: ListPart<number> = { items: [1, 2], toJson: () => undefined };
    expect(await whole(jsonWithListParts(envelope([]), 'list', partsOf([none]), 5))).toBe(JSON.stringify(envelope([null, null])));
  });

  it('answers the first part before asking for the next', async () => {
    const seen: number[] = [];
    const it = jsonWithListParts(envelope([]), 'list', partsOf([part([0, 1], 'a'), part([2], 'b')], seen), 5);
    const first = await it.next();
    expect(first.value).toBe('{"data":{"head":"a \\"quoted\\" \u2028 text","list":[{"id":0,"tag":"a"},{"id":1,"tag":"a"}');
    expect(seen).toEqual([0]);
  });

  it('refuses an envelope without the list', async () => {
    await expect(whole(jsonWithListParts({ other: [] }, 'list', partsOf([part([1], 'a')]), 5))).rejects.toThrow(/must appear once/);
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
