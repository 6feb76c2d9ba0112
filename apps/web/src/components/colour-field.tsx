import type { ChangeEvent } from 'react';
import './colour-field.css';

interface ColourFieldProps {
  /** #rrggbb; a form item passes it in. */
  value?: string;
  onChange?: (hex: string) => void;
  /** The form item's id, so its label names the field. */
  id?: string;
  disabled?: boolean;
}

/**
 * A colour as #rrggbb: the browser's own colour input, with the value written beside it. In
 * place of antd's ColorPicker, whose presets module antd's button styles import: with a
 * ColorPicker anywhere in the app, every route downloaded it (about 7 KB gzip, DESIGN.md §8).
 */
export function ColourField({ value, onChange, id, disabled }: ColourFieldProps) {
  return (
    <span className="colour-field">
      <input id={id} type="color" value={value ?? '#000000'} disabled={disabled} onChange={(e: ChangeEvent<HTMLInputElement>) => onChange?.(e.target.value.toLowerCase())} />
      <bdi className="colour-field__text" dir="ltr">
        {value}
      </bdi>
    </span>
  );
}
