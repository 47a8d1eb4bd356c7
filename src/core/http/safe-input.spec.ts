import { assertSafeInput, isUnsafeText, MAX_JSON_DEPTH } from './safe-input';

const code = (fn: () => void): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe('safe input (the edge rule for every body and query)', () => {
  it('unsafe text: NUL and lone surrogates; pairs, emoji and accents are text', () => {
    for (const bad of ['a\u0000', '\ud800', 'x\udc00y', '\ud83d', 'end\ud800']) expect(isUnsafeText(bad)).toBe(true);
    for (const ok of ['', 'Zoë', '😀', '\ud83d\ude00', 'line\nbreak\ttab', '\u2028']) expect(isUnsafeText(ok)).toBe(false);
  });

  it('walks strings and keys at any depth', () => {
    expect(code(() => assertSafeInput({ a: [{ b: 'ok' }], c: 'fine' }))).toBeUndefined();
    expect(code(() => assertSafeInput({ a: [{ b: 'x\u0000' }] }))).toBe('INVALID_TEXT');
    expect(code(() => assertSafeInput({ ['k\ud800']: 1 }))).toBe('INVALID_TEXT');
    expect(code(() => assertSafeInput(['\udc00']))).toBe('INVALID_TEXT');
  });

  it(`refuses nesting past ${MAX_JSON_DEPTH} levels, without recursion (100,000 deep does not overflow)`, () => {
    const nest = (n: number) => {
      let v: unknown = 1;
      for (let i = 0; i < n; i++) v = { a: v };
      return v;
    };
    expect(code(() => assertSafeInput(nest(MAX_JSON_DEPTH)))).toBeUndefined();
    expect(code(() => assertSafeInput(nest(MAX_JSON_DEPTH + 1)))).toBe('TOO_DEEP');
    expect(code(() => assertSafeInput(nest(100_000)))).toBe('TOO_DEEP');
  });

  it('refuses own keys named like built-in members as unknown fields, naming the path', () => {
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const body = JSON.parse(`{"ok": 1, "list": [{${JSON.stringify(name)}: 1}]}`) as unknown;
      try {
        assertSafeInput(body);
        throw new Error(`${name} passed`);
      } catch (e) {
        expect(e).toMatchObject({ code: 'UNKNOWN_FIELDS', fieldErrors: { [`list[0].${name}`]: `property ${name} should not exist` } });
      }
    }
    expect(code(() => assertSafeInput({ toStringValue: 1, constructorName: 'x' }))).toBeUndefined();
  });
});
