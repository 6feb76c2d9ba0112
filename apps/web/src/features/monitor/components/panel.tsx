import type { ReactNode } from 'react';

interface PanelProps {
  title: ReactNode;
  /** Shown at the end of the title row (a count, a link). */
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}

/** A titled card of the monitor pages; the big screen restyles it dark. */
export function Panel({ title, extra, className, children, testId }: PanelProps) {
  return (
    <section className={`monitor-panel${className ? ` ${className}` : ''}`} data-testid={testId}>
      <header className="monitor-panel__head">
        <h2 className="monitor-panel__title">{title}</h2>
        {extra ? <div className="monitor-panel__extra">{extra}</div> : null}
      </header>
      <div className="monitor-panel__body">{children}</div>
    </section>
  );
}
