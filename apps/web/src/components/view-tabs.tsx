import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './view-tabs.css';

export interface ViewTab<K extends string> {
  key: K;
  label: ReactNode;
  children: ReactNode;
}

interface ViewTabsProps<K extends string> {
  activeKey: K;
  onChange: (key: K) => void;
  items: readonly ViewTab<K>[];
  className?: string;
}

/**
 * Views of one page as tabs (WAI-ARIA tabs: the arrow keys move between them, in reading
 * order, so right to left in Arabic; Home and End go to the ends). Only the chosen view is
 * drawn. A few lines in place of antd's Tabs (11 KB gzip) keep a report's route within its
 * budget (DESIGN.md §8).
 */
export function ViewTabs<K extends string>({ activeKey, onChange, items, className }: ViewTabsProps<K>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const active = items.find((item) => item.key === activeKey) ?? items[0];
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((item) => item.key === active?.key);
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    const to = event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : step === undefined ? null : (at + step + items.length) % items.length;
    if (to === null) return;
    event.preventDefault();
    onChange(items[to]!.key);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className={`view-tabs${className ? ` ${className}` : ''}`}>
      <div className="view-tabs__list" role="tablist" ref={list} onKeyDown={move}>
        {items.map((item) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              className={`view-tabs__tab${selected ? ' view-tabs__tab--active' : ''}`}
              onClick={() => onChange(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div role="tabpanel" id={`${id}-panel-${active.key}`} aria-labelledby={`${id}-tab-${active.key}`} className="view-tabs__panel">
          {active.children}
        </div>
      ) : null}
    </div>
  );
}
