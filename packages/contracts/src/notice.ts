import { z } from 'zod';

/** Alarm notification settings, as spec §7 calls them (`/userNoticeCfg/list`, `/userNoticeCfg/edit`). */
const flag = z.union([z.literal(0), z.literal(1)]);

export const noticeListQuery = z.object({ userId: z.coerce.number().int().positive() });

export const noticeRow = z.object({
  remark: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  byEmail: flag,
  byAlert: flag,
  /** Web Push to the user's subscribed devices (issue 38): an addition to the spec's row. */
  byPush: flag,
  mailSendFrq: z.number().int(),
});
export type NoticeRow = z.infer<typeof noticeRow>;

export const noticeEdit = z.object({
  userId: z.coerce.number().int().positive(),
  /** Spec §5: a positive integer without leading zero, at most 1440 (checked by the service, to name the rule). */
  mailSendFrq: z.union([z.string().max(10), z.number()]),
  typeReferList: z
    .array(
      z.object({
        type: z.union([z.literal(1), z.literal(2)]),
        // byPush is optional: a client of the spec's two channels leaves the user's push choice as it was.
        referList: z.array(z.object({ remark: z.coerce.number().int(), byEmail: flag, byAlert: flag, byPush: flag.optional() })).max(100),
      }),
    )
    .max(2),
});
export type NoticeEdit = z.infer<typeof noticeEdit>;
