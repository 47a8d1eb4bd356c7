import { escapeLike, likeContains, placeholders } from './sql-text';

describe('SQL text helpers', () => {
  it('placeholders: one ? per value', () => {
    expect(placeholders([1, 2, 3])).toBe('?, ?, ?');
    expect(placeholders(['a'])).toBe('?');
  });

  it('LIKE: %, _ and \\ match themselves', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(likeContains('a')).toBe('%a%');
    expect(likeContains('100%')).toBe('%100\\%%');
  });
});
