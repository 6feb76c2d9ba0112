import { z } from 'zod';

/** The envelope every JSON answer uses: `{ code, msg, data?, info? }` (spec §7, §8). */
export interface Envelope<T = unknown, I = unknown> {
  code: number;
  msg: string;
  data?: T;
  info?: I;
}

export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export function infoEnvelopeOf<T extends z.ZodType>(info: T) {
  return z.object({ code: z.number().int(), msg: z.string(), info });
}

/** A validation problem: the field and the rule it breaks, plus the localised sentence. */
export const fieldProblem = z.object({ field: z.string(), rule: z.string(), message: z.string() });
export type FieldProblem = z.infer<typeof fieldProblem>;

export const errorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.object({ fields: z.array(fieldProblem).optional() }).passthrough().optional(),
  info: z.unknown().optional(),
});

export const resultInfo = z.object({ result: z.enum(['success', 'fail']) });
