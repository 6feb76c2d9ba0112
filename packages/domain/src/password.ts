/**
 * Password rules of spec §5 and §9: 8 to 15 characters containing a digit, an uppercase
 * letter, a lowercase letter and a special character; input fields accept at most 255.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 15;
export const PASSWORD_INPUT_MAX = 255;
/** Account passwords set by an administrator (spec §5) need only a minimum length. */
export const ACCOUNT_PASSWORD_MIN = 8;

export type CharacterClass = 'digit' | 'upper' | 'lower' | 'special';

const CLASS_TESTS: Record<CharacterClass, RegExp> = {
  digit: /[0-9]/,
  upper: /[A-Z]/,
  lower: /[a-z]/,
  special: /[^0-9A-Za-z]/,
};

export function characterClasses(password: string): CharacterClass[] {
  return (Object.keys(CLASS_TESTS) as CharacterClass[]).filter((c) => CLASS_TESTS[c].test(password));
}

/**
 * Strength is the number of character classes present (0-4). The meter colours it:
 * 1 red, 2 blue, 3 green (still refused: all four are required), 4 passes.
 */
export type StrengthLevel = 0 | 1 | 2 | 3 | 4;
export function passwordStrength(password: string): StrengthLevel {
  return characterClasses(password).length as StrengthLevel;
}

export const STRENGTH_COLOURS: Record<StrengthLevel, string> = {
  0: 'transparent',
  1: 'red',
  2: 'blue',
  3: 'green',
  4: 'green',
};

export type PasswordProblem = 'required' | 'length' | 'tooLong' | `missing.${CharacterClass}`;

/** Every rule the new password breaks, in the order a form should report them. Empty means valid. */
export function passwordProblems(password: string): PasswordProblem[] {
  if (password.length === 0) return ['required'];
  const problems: PasswordProblem[] = [];
  if (password.length > PASSWORD_INPUT_MAX) problems.push('tooLong');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.push('length');
  const present = new Set(characterClasses(password));
  for (const c of ['digit', 'upper', 'lower', 'special'] as const) {
    if (!present.has(c)) problems.push(`missing.${c}`);
  }
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}
