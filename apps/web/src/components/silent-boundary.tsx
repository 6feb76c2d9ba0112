import { Component, type ReactNode } from 'react';

/**
 * For optional chrome (toasts, the loading overlay): if its chunk cannot be fetched, render
 * nothing rather than let the error take the whole page down.
 */
export class SilentBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
