/** The signed-in user's own mail address (GET /api/user/mail). */
export const mailAddressKey = ['user', 'mail'] as const;
