/** Every query of the notice settings lives under this key. */
export const NOTICE_KEY = ['notice'] as const;

export const noticeKeys = {
  settings: (userId: number) => [...NOTICE_KEY, 'settings', userId] as const,
};
