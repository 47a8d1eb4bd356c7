import { passwordStrength } from './password-strength';

describe('passwordStrength (zxcvbn-ts, common + English dictionaries)', () => {
  it('scores common passwords, words, sequences and keyboard rows Weak, with a reason', () => {
    expect(passwordStrength('password123')).toMatchObject({ score: expect.any(Number) });
    expect(passwordStrength('password123').score).toBeLessThan(2);
    expect(passwordStrength('password123').warning).toMatch(/commonly used|frequently used|heavily used|similar to a commonly used/);
    expect(passwordStrength('qwertyuiop').score).toBeLessThan(2);
    expect(passwordStrength('abcdefghij').score).toBeLessThan(2);
    expect(passwordStrength('aaaaaaaaaaaa').score).toBeLessThan(2);
  });

  it('scores a long mix of unrelated words at least Fair', () => {
    expect(passwordStrength('Lantern-Quartz-Meadow-81').score).toBeGreaterThanOrEqual(3);
  });

  it("counts the user's own words (house, user name) against the password", () => {
    expect(passwordStrength('Riverbendauctions').score).toBeGreaterThanOrEqual(2);
    const personal = passwordStrength('Riverbendauctions', ['riverbendauctions', 'owner']);
    expect(personal.score).toBeLessThan(2);
    expect(personal.warning).toBe('There should not be any personal or page related data.');
  });
});
