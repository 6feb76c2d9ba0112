import type { ReactNode } from 'react';
import { TankPlace } from './tank-place';

interface ReportCardHeadProps {
  /** What the card is of: its day, shift or time. */
  title: ReactNode;
  /** The card's state, as tags at the end of its head. */
  tags: ReactNode;
  /** The tank the row is of, named below the head. */
  place: { stationName: string; tankCode: string | null; productName: string | null; productColor: string | null };
}

/** The head of a tank's report card on a phone (daily, leak test, jump, reconciliation): title and tags, then the tank's place. */
export function ReportCardHead({ title, tags, place }: ReportCardHeadProps) {
  return (
    <>
      <div className="m-card__head">
        <h3 className="m-card__title">{title}</h3>
        <span className="m-tags">{tags}</span>
      </div>
      <p className="m-card__subtitle">
        <TankPlace stationName={place.stationName} tankCode={place.tankCode} productName={place.productName} productColor={place.productColor} />
      </p>
    </>
  );
}
