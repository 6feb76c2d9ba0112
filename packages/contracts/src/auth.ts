import { z } from 'zod';
import { LANGUAGES } from '@ullage/domain/languages';
import { ACTIONS } from '@ullage/domain/roles';

/** POST /api/login/auth, as JSON or an HTML form. */
export const loginBody = z.object({
  username: z.string().max(255),
  password: z.string().max(255),
  /** The verification code shown by GET /api/login/captcha; ignored when CAPTCHA=off. */
  code: z.string().max(16).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const loginResult = z.object({
  result: z.literal('success'),
  /** True when the password breaks the rules or was reset: the user should change it. */
  passwordUnsafe: z.boolean(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** GET /api/login/config: what the login page needs before anyone signs in. */
export const loginConfig = z.object({
  captchaEnabled: z.boolean(),
  casEnabled: z.boolean(),
  defaultLanguage: z.enum(LANGUAGES),
  loginTitle: z.string(),
  appDownloadUrl: z.string().nullable(),
});
export type LoginConfig = z.infer<typeof loginConfig>;

export interface OrgNode {
  id: number;
  type: 'distributor' | 'company' | 'station';
  name: string;
  code: string | null;
  children: OrgNode[];
}
export const orgNode: z.ZodType<OrgNode> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    type: z.enum(['distributor', 'company', 'station']),
    name: z.string(),
    code: z.string().nullable(),
    children: z.array(orgNode),
  }),
);

/** The session user of spec §3, plus the getInfo fields of spec §7. */
export const sessionUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  accountType: z.number().int(),
  userType: z.number().int(),
  orgId: z.number().int().nullable(),
  roleList: z.array(z.string()),
  menuList: z.array(z.string()),
  /** The actions of the role table (domain roles.ts) this account may take, in table order. */
  permissionList: z.array(z.enum(ACTIONS)),
  companyTree: z.array(orgNode),
  stationType: z.string().nullable(),
  stationCodes: z.array(z.string()),
  /** Product code → display colour. */
  oilColor: z.record(z.string(), z.string()),
  mailAddress: z.string().nullable(),
  distributorLogo: z.string().nullable(),
  photo: z.string().nullable(),
  passwordUnsafe: z.boolean(),
  /** After an administrator's reset: only changing the password is allowed until it is done. */
  mustChangePassword: z.boolean(),
  userPermission: z.object({
    roleList: z.array(z.string()),
    menuList: z.array(z.string()),
    permissionList: z.array(z.enum(ACTIONS)),
  }),
  userOrgInfo: z.object({ orgId: z.number().int().nullable(), userType: z.number().int() }),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** PUT /api/user/checkPwd */
export const checkPwdBody = z.object({ username: z.string().max(255), pwd: z.string().max(255) });

/**
 * PUT /api/user/updatePwd. Spec §3 names username, oldPwd, pwd, rePwd; spec §7 sends userId,
 * username and password, so `password` is accepted as another name for `pwd`.
 */
export const updatePwdBody = z.object({
  userId: z.coerce.number().int().optional(),
  username: z.string().max(255),
  oldPwd: z.string().max(255).optional(),
  pwd: z.string().max(255).optional(),
  password: z.string().max(255).optional(),
  rePwd: z.string().max(255).optional(),
});
export type UpdatePwdBody = z.infer<typeof updatePwdBody>;

/** POST /api/user/photo: the image as a data URL (jpeg, png or gif, under 250 KB). */
export const photoBody = z.object({ fileName: z.string().max(255), dataUrl: z.string().max(400_000) });
