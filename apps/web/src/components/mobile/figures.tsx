import type { ReactNode } from 'react';

export interface Figure {
  id: string;
  label: string;
  value: ReactNode;
  /** Draws the eye: an alarm count, an offline station. */
  tone?: 'alarm' | 'warn' | 'muted';
}

/** Label over value, two to a row: what a card or a detail page tells. */
export function Figures({ items, testId }: { items: readonly Figure[]; testId?: string }) {
  return (
    <dl className="m-figures">
      {items.map((item) => (
        <div key={item.id} className={`m-figures__item${item.tone ? ` m-figures__item--${item.tone}` : ''}`}>
          <dt>{item.label}</dt>
          <dd data-testid={testId ? `${testId}-${item.id}` : undefined}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
