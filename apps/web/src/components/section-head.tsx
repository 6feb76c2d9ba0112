import type { ReactNode } from 'react';
import './section-head.css';

interface SectionHeadProps {
  title: ReactNode;
  /** For the section's aria-labelledby. */
  titleId?: string;
  /** What acts on the whole section (a button, a select-all box), at the end of the line. */
  children: ReactNode;
}

/** A section's head inside a dialog or a form: its title at the start, its controls at the end. */
export function SectionHead({ title, titleId, children }: SectionHeadProps) {
  return (
    <div className="section-head">
      <h3 id={titleId} className="section-head__title">
        {title}
      </h3>
      {children}
    </div>
  );
}
