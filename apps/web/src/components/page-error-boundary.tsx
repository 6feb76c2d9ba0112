import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';
import { toastError } from '../lib/feedback';
import { ChunkLoadError } from '../lib/with-timeout';
import { StatusPanel } from './status-panel';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Chunks loaded through app/page-host fail with ChunkLoadError; others say so in Vite's words. */
export function isChunkLoadError(error: Error): boolean {
  return (
    error instanceof ChunkLoadError ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/**
 * Spec §2: a page that fails to load (or takes over 120 s) shows a network error. Other
 * render errors stay inside the page so the shell around it keeps working.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    if (isChunkLoadError(error)) toastError(i18n.t('common.error.network'), 3000);
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const network = isChunkLoadError(error);
    return (
      <StatusPanel
        title={network ? i18n.t('common.error.network') : i18n.t('common.error.pageFailed')}
        text={network ? i18n.t('common.error.pageLoadFailed') : undefined}
        actionLabel={i18n.t('common.action.reload')}
        onAction={() => window.location.reload()}
      />
    );
  }
}
