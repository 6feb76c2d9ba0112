import type { ReactNode } from 'react';

/** A monitor page's heading: its title (named for the browser tests) and, at the end, its tools. */
export function MonitorPageHead({ title, children }: { title: string; children: ReactNode }) {
  return (
    <header className="monitor-page__head">
      <h1 className="monitor-page__title" data-testid="page-title">
        {title}
      </h1>
      <div className="monitor-page__tools">{children}</div>
    </header>
  );
}
