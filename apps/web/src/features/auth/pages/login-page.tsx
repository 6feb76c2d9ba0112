import { LoginScreen } from '../components/login-screen';

export function Page() {
  return <LoginScreen variant="desktop" />;
}
