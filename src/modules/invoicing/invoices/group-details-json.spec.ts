import { jsonWithList } from './group-details-json';

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
