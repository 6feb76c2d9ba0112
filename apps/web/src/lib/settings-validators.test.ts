import { describe, expect, it } from 'vitest';
import { duplicateCodeRows, logoProblem, optionalText, phoneProblem, positiveWithin } from './settings-validators';

describe('phoneProblem', () => {
  it('accepts digits and hyphens, leaves empty to the required rule', () => {
    expect(phoneProblem('010-8888-1234')).toBeNull();
    expect(phoneProblem(' 5551234 ')).toBeNull();
    expect(phoneProblem('')).toBeNull();
    expect(phoneProblem(undefined)).toBeNull();
  });

  it('refuses anything else', () => {
    expect(phoneProblem('+34 600 000 000')).toBe('settingsOrg.rule.phoneDigits');
    expect(phoneProblem('555 1234')).toBe('settingsOrg.rule.phoneDigits');
    expect(phoneProblem('abc')).toBe('settingsOrg.rule.phoneDigits');
  });
});

describe('logoProblem', () => {
  it('accepts jpeg, jpg and png under 1 MB', () => {
    expect(logoProblem({ name: 'logo.png', type: 'image/png', size: 2048 })).toBeNull();
    expect(logoProblem({ name: 'logo.JPG', type: 'image/jpeg', size: 1024 * 1024 - 1 })).toBeNull();
    expect(logoProblem({ name: 'logo.jpeg', type: 'image/jpeg', size: 10 })).toBeNull();
  });

  it('refuses other types, 1 MB or more, and empty files', () => {
    expect(logoProblem({ name: 'logo.gif', type: 'image/gif', size: 10 })).toBe('settingsOrg.logo.wrongType');
    expect(logoProblem({ name: 'logo.png', type: 'image/svg+xml', size: 10 })).toBe('settingsOrg.logo.wrongType');
    expect(logoProblem({ name: 'logo.png', type: 'image/png', size: 1024 * 1024 })).toBe('settingsOrg.logo.tooLarge');
    expect(logoProblem({ name: 'logo.png', type: 'image/png', size: 0 })).toBe('settingsOrg.logo.empty');
  });
});

describe('tank types', () => {
  it('finds repeated codes, case- and space-insensitively', () => {
    expect(duplicateCodeRows([{ code: 'T1' }, { code: 't1 ' }, { code: 'T2' }, { code: '' }, { code: '' }, undefined, { code: 'T2' }])).toEqual([1, 6]);
  });

  it('checks positive numbers within the limit', () => {
    expect(positiveWithin(1, 10)).toBe(true);
    expect(positiveWithin(10, 10)).toBe(true);
    expect(positiveWithin(0, 10)).toBe(false);
    expect(positiveWithin(11, 10)).toBe(false);
    expect(positiveWithin(null, 10)).toBe(false);
    expect(positiveWithin(Number.NaN, 10)).toBe(false);
  });

  it('sends empty optional text as null', () => {
    expect(optionalText('  ')).toBeNull();
    expect(optionalText(undefined)).toBeNull();
    expect(optionalText(' Madrid ')).toBe('Madrid');
  });
});
