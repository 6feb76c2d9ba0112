import { LoginScreen } from '../components/login-screen';

/** The phone sign-in; after it the guard sends the user to /realAlarm (spec §2). */
export function Page() {
  return <LoginScreen variant="mobile" />;
}
