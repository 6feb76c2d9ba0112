import type { ReactNode } from 'react';
import './status-panel.css';

interface StatusPanelProps {
  title: ReactNode;
  text?: ReactNode;
  actionLabel?: string;
  onAction?: () => void;
}

/**
 * A plain message with one action, for failures around the login route (session check,
 * page load): it must render without antd, which the login route does not load.
 */
export function StatusPanel({ title, text, actionLabel, onAction }: StatusPanelProps) {
  return (
    <div className="status-panel" role="alert">
      <svg className="status-panel__icon" viewBox="0 0 24 24" width="48" height="48" aria-hidden="true">
        <circle cx="12" cy="12" r="11" fill="#faad14" />
        <path d="M12 6.5v7" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="12" cy="17.2" r="1.3" fill="#fff" />
      </svg>
      <h2 className="status-panel__title">{title}</h2>
      {text ? <p className="status-panel__text">{text}</p> : null}
      {actionLabel && onAction ? (
        <button type="button" className="plain-control plain-button plain-button--primary" onClick={onAction}>
          {actionLabel}
        </button>
      ) : null}
    </div>
  );
}
