interface FillBarProps {
  /** 0–100; null draws an empty bar. */
  pct: number | null;
  label: string;
  color?: string | null;
}

/** A fill level as a bar; the number is written next to it by the caller. */
export function FillBar({ pct, label, color }: FillBarProps) {
  const width = pct === null ? 0 : Math.min(100, Math.max(0, pct));
  return (
    <div className="m-fill" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct === null ? undefined : Math.round(width)}>
      <div className="m-fill__bar" style={{ inlineSize: `${width}%`, ...(color ? { background: color } : {}) }} />
    </div>
  );
}
