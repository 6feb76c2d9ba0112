import { randomInt } from 'node:crypto';

const SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '#%+=@!'];

/** A 12-character password that passes the spec §5 rules (one of each class, 8-15 long). */
export function generatePassword(length = 12): string {
  const chars = SETS.map((set) => set[randomInt(set.length)]!);
  const all = SETS.join('');
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
