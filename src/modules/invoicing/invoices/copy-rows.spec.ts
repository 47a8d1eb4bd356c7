import type { ClientBase } from 'pg';
import { copyField, copyLine, CopyQueue } from './copy-rows';

describe('COPY text', () => {
  it('writes null as \\N, booleans as t/f, numbers exactly, objects as JSON', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(undefined)).toBe('\\N');
    expect([copyField(true), copyField(false)]).toEqual(['t', 'f']);
    expect(copyField(9_007_199_254_740_991)).toBe('9007199254740991');
    expect(copyField(-125)).toBe('-125');
    expect(copyField([{ label: 'Handling', cents: 250 }])).toBe('[{"label":"Handling","cents":250}]');
  });

  it('escapes the four characters the format gives a meaning, every time they occur', () => {
    expect(copyField('a\tb\tc')).toBe('a\\tb\\tc');
    expect(copyField('one\ntwo\r\n')).toBe('one\\ntwo\\r\\n');
    expect(copyField('\\N')).toBe('\\\\N');
    // The same text twice in a row: a stateful (global) test of the pattern would miss the second.
    expect([copyField('x\ty'), copyField('x\ty')]).toEqual(['x\\ty', 'x\\ty']);
    expect(copyField('Ünïcödé — “quoted”')).toBe('Ünïcödé — “quoted”');
    expect(copyField({ note: 'tab\there' })).toBe('{"note":"tab\\\\there"}');
  });

  it('refuses a number that is not finite', () => {
    expect(() => copyField(Number.NaN)).toThrow(RangeError);
    expect(() => copyField(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('joins a row with tabs and ends it with a newline', () => {
    expect(copyLine([1, 'Lot 1', null, true])).toBe('1\tLot 1\t\\N\tt\n');
  });
});

describe('CopyQueue', () => {
  it('after a failure sends nothing more, reports it, and done() throws it', async () => {
    const sent: string[] = [];
    const client = {
      query: (stream: { text: string; on: () => void }) => {
        sent.push(stream.text);
        throw new Error(`refused: ${stream.text}`);
      },
    } as unknown as ClientBase;
    const queue = new CopyQueue(client);
    void queue.send('invoice', ['id'], '1\n');
    await queue.send('invoice_line', ['id'], '2\n');
    expect(queue.failed).toBe(true);
    expect(sent).toEqual(['COPY "invoice" ("id") FROM STDIN']);
    await expect(queue.done()).rejects.toThrow('refused: COPY "invoice" ("id") FROM STDIN');
  });
});
