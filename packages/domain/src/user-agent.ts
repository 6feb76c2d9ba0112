/** Phones and tablets, from the browser identity (spec §2 mobile recognition): the web app and the server decide alike. */
const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile/i;
export function isMobileUserAgent(userAgent: string | undefined): boolean {
  return MOBILE_AGENT.test(userAgent ?? '');
}
