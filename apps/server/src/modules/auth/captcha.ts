import svgCaptcha from 'svg-captcha';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captchas } from '../../db/schema';
import { newToken, sha256 } from '../../lib/tokens';

export const CAPTCHA_COOKIE = 'ullage_captcha';
const CAPTCHA_TTL_MINUTES = 5;

export interface CaptchaImage {
  id: string;
  svg: string;
}

/** Makes the text of a code; tests pass their own to know the answer. */
export type CaptchaTextSource = () => { text: string; svg: string };

export const svgCaptchaSource: CaptchaTextSource = () => {
  // Characters that look alike in a noisy image are left out.
  const image = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, width: 120, height: 40 });
  return { text: image.text, svg: image.data };
};

export async function issueCaptcha(db: Db, source: CaptchaTextSource): Promise<CaptchaImage> {
  const { text, svg } = source();
  const id = newToken();
  await db.insert(captchas).values({
    id,
    answerHash: answerHash(id, text),
    expiresAt: sql`now() + make_interval(mins => ${CAPTCHA_TTL_MINUTES})`,
  });
  // Housekeeping rides along with issuing: expired codes are never useful.
  await db.delete(captchas).where(lt(captchas.expiresAt, sql`now()`));
  return { id, svg };
}

/** True when the answer matches a live code; the code is spent either way. */
export async function consumeCaptcha(db: Db, id: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!id || !answer) return false;
  const spent = await db
    .delete(captchas)
    .where(and(eq(captchas.id, id), gt(captchas.expiresAt, sql`now()`)))
    .returning({ answerHash: captchas.answerHash });
  const row = spent[0];
  return row !== undefined && row.answerHash === answerHash(id, answer.trim());
}

function answerHash(id: string, text: string): string {
  return sha256(`${id}:${text.toLowerCase()}`);
}
