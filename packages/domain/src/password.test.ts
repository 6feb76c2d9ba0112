import { describe, it, expect } from 'vitest';
import {
  ACCOUNT_PASSWORD_MIN,
  PASSWORD_INPUT_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  STRENGTH_COLOURS,
  characterClasses,
  isStrongPassword,
  passwordProblems,
  passwordStrength,
  type CharacterClass,
  type PasswordProblem,
  type StrengthLevel,
} from './password';

describe('password constants', () => {
  it('spec §9: password 8-15 characters, input max 255; spec §5: account password at least 8', () => {
    expect([PASSWORD_MIN, PASSWORD_MAX, PASSWORD_INPUT_MAX, ACCOUNT_PASSWORD_MIN]).toEqual([8, 15, 255, 8]);
  });
});

describe('characterClasses', () => {
  const cases: Array<[string, CharacterClass[]]> = [
    ['', []],
    ['12345678', ['digit']],
    ['ABCDEFGH', ['upper']],
    ['abcdefgh', ['lower']],
    ['!@#$%^&*', ['special']],
    [' ', ['special']],
    ['abc123', ['digit', 'lower']],
    ['ABC!', ['upper', 'special']],
    ['Abc123', ['digit', 'upper', 'lower']],
    ['Abc123!x', ['digit', 'upper', 'lower', 'special']],
    // order is always digit, upper, lower, special — whatever order the characters come in
    ['!aA1', ['digit', 'upper', 'lower', 'special']],
  ];
  it.each(cases)('spec §5: new password needs digit, uppercase, lowercase and special — classes of %j are %j', (pwd, expected) => {
    expect(characterClasses(pwd)).toEqual(expected);
  });
});

describe('passwordStrength', () => {
  const cases: Array<[string, StrengthLevel, string]> = [
    ['', 0, 'transparent'],
    ['abcdefgh', 1, 'red'],
    ['12345678', 1, 'red'],
    ['########', 1, 'red'],
    ['abcd1234', 2, 'blue'],
    ['ABCDabcd', 2, 'blue'],
    ['abcd!@#$', 2, 'blue'],
    ['Abcd1234', 3, 'green'],
    ['abcd123!', 3, 'green'],
    ['ABCD123!', 3, 'green'],
    ['Abcd123!', 4, 'green'],
    ['!1aZ', 4, 'green'],
  ];
  it.each(cases)(
    'spec §5: strength counts classes present: 1 red, 2 blue, 3 green, 4 passes — %j has strength %i, colour %s',
    (pwd, level, colour) => {
      expect(passwordStrength(pwd)).toBe(level);
      expect(STRENGTH_COLOURS[passwordStrength(pwd)]).toBe(colour);
    },
  );

  it('spec §5: strength colours 1 red, 2 blue, 3 green, 4 passes (green); 0 shows nothing', () => {
    expect(STRENGTH_COLOURS).toEqual({ 0: 'transparent', 1: 'red', 2: 'blue', 3: 'green', 4: 'green' });
  });

  it('spec §5: strength 3 is still refused (all four classes required), strength 4 of valid length passes', () => {
    expect(passwordStrength('Abcd1234')).toBe(3);
    expect(isStrongPassword('Abcd1234')).toBe(false);
    expect(passwordStrength('Abcd123!')).toBe(4);
    expect(isStrongPassword('Abcd123!')).toBe(true);
  });
});

describe('passwordProblems', () => {
  const cases: Array<[string, string, PasswordProblem[]]> = [
    ['empty', '', ['required']],
    ['7 characters, all classes', 'Abc12!x', ['length']],
    ['8 characters, all classes (valid)', 'Abc123!x', []],
    ['15 characters, all classes (valid)', 'Abcdefgh12345!x', []],
    ['16 characters, all classes', 'Abcdefgh123456!x', ['length']],
    ['255 characters, all classes', 'Aa1!' + 'x'.repeat(251), ['length']],
    ['256 characters, all classes', 'Aa1!' + 'x'.repeat(252), ['tooLong', 'length']],
    ['300 lowercase characters', 'a'.repeat(300), ['tooLong', 'length', 'missing.digit', 'missing.upper', 'missing.special']],
    ['missing digit', 'Abcdefg!', ['missing.digit']],
    ['missing uppercase', 'abcdef1!', ['missing.upper']],
    ['missing lowercase', 'ABCDEF1!', ['missing.lower']],
    ['missing special', 'Abcdefg1', ['missing.special']],
    ['single space (7 short, only special)', ' ', ['length', 'missing.digit', 'missing.upper', 'missing.lower']],
    ['7 digits', '1234567', ['length', 'missing.upper', 'missing.lower', 'missing.special']],
  ];
  it.each(cases)(
    'spec §5: new password required, 8 to 15 characters with digit, uppercase, lowercase and special, max 255 — %s',
    (_label, pwd, expected) => {
      expect(passwordProblems(pwd)).toEqual(expected);
      expect(isStrongPassword(pwd)).toBe(expected.length === 0);
    },
  );

  it('spec §9: password lengths 8 and 15 are the inclusive bounds', () => {
    expect(['Abc12!x', 'Abc123!x', 'Abcdefgh12345!x', 'Abcdefgh123456!x'].map((p) => [p.length, isStrongPassword(p)])).toEqual([
      [7, false],
      [8, true],
      [15, true],
      [16, false],
    ]);
  });
});
