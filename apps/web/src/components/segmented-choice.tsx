import { useId, useRef, useState, type CSSProperties } from 'react';
import { usePrefersReducedMotion } from '../lib/reduced-motion';
import './segmented-choice.css';

export interface SegmentedChoiceOption<V extends string> {
  value: V;
  label: string;
}

interface SegmentedChoiceProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  options: readonly SegmentedChoiceOption<V>[];
  'aria-label': string;
  'data-testid'?: string;
}

/**
 * One of a few values side by side, as antd's Segmented draws it — a grey track, the chosen
 * value raised on white, a thumb sliding to a newly chosen one — in a few lines instead of its
 * 4 KB gzip (rc-segmented and its style), which kept the reconciliation's route over its
 * budget (DESIGN.md §8). Native radios underneath, as in antd's: the arrow keys choose, in
 * reading order (so right to left in Arabic).
 */
export function SegmentedChoice<V extends string>({ value, onChange, options, 'aria-label': label, 'data-testid': testId }: SegmentedChoiceProps<V>) {
  const name = useId();
  const group = useRef<HTMLDivElement>(null);
  const still = usePrefersReducedMotion();
  // While the thumb slides from the old value to the new one, neither item is raised itself.
  const [slide, setSlide] = useState<CSSProperties | null>(null);

  const choose = (next: V) => {
    const items = group.current?.querySelectorAll<HTMLElement>('.segmented-choice__item');
    const from = items?.[options.findIndex((option) => option.value === value)];
    const to = items?.[options.findIndex((option) => option.value === next)];
    if (!still && from && to) {
      setSlide({
        '--segmented-from-x': `${from.offsetLeft}px`,
        '--segmented-from-width': `${from.offsetWidth}px`,
        '--segmented-to-x': `${to.offsetLeft}px`,
        '--segmented-to-width': `${to.offsetWidth}px`,
      } as CSSProperties);
    }
    onChange(next);
  };

  return (
    <div role="radiogroup" aria-label={label} aria-orientation="horizontal" className="segmented-choice" data-testid={testId}>
      <div className="segmented-choice__group" ref={group}>
        {slide ? <div className="segmented-choice__thumb" style={slide} onAnimationEnd={() => setSlide(null)} /> : null}
        {options.map((option) => {
          const checked = option.value === value;
          const state = checked ? ` segmented-choice__item--chosen${slide ? '' : ' segmented-choice__item--raised'}` : '';
          return (
            <label key={option.value} className={`segmented-choice__item${state}`}>
              <input type="radio" className="segmented-choice__input" name={name} value={option.value} checked={checked} onChange={() => choose(option.value)} />
              <span className="segmented-choice__label" title={option.label}>
                {option.label}
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
