import { lazy, Suspense, type ComponentProps } from 'react';

const SecretModal = lazy(() => import('./secret-modal').then((module) => ({ default: module.SecretModal })));

/**
 * The secret modal, loaded the first time there is a secret to show: lists open without its
 * Alert and Typography code (the /account route stays under its 400 KB budget).
 */
export function LazySecretModal(props: ComponentProps<typeof SecretModal>) {
  if (props.secret === null) return null;
  return (
    <Suspense fallback={null}>
      <SecretModal {...props} />
    </Suspense>
  );
}
