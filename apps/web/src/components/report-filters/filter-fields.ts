import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';

/**
 * A report's filters, declared once (issue 37 item 3) and drawn twice: as the desktop page's
 * filter bar (filter-bar.tsx) and as the fields of the phone's filter sheet
 * (components/phone-report/phone-filter-fields.tsx). Each field names what it filters and its
 * test id; how a kind of field looks on each screen is the renderers' business, so a report
 * states only what is its own (its choices, its labels, what an organisation pick resets).
 */
export type FilterField<F> =
  /** The organisation tree; `pick` says what a new pick keeps (an area, a tank). */
  | { kind: 'org'; testId: string; pick: (filters: F, pick: OrgPick) => F }
  | { kind: 'area'; testId: string }
  /** The tanks of the picked station. */
  | { kind: 'tank'; testId: string }
  | { kind: 'product'; testId: string }
  /** One of a few values or none: a select on a desktop, toggles on a phone. */
  | ChoiceField<F>
  /** "Only …" (abnormal days): a switch on a desktop, two toggles on a phone (all, only). */
  | ToggleField<F>
  /** A from–to range of instants ([from, to)): a range picker on a desktop, two date fields on a phone. */
  | { kind: 'timeRange'; testId: string }
  /** What a report draws its own way on each screen (a period of station days or months). */
  | { kind: 'custom'; bar: (props: FieldProps<F>) => ReactNode; phone: (props: FieldProps<F>) => ReactNode };

export interface OrgPick {
  distributorId: number | undefined;
  companyId: number | undefined;
  stationId: number | undefined;
}

export interface ChoiceField<F> {
  kind: 'choice';
  key: ChoiceKey<F>;
  label: (t: TFunction) => string;
  options: (t: TFunction) => readonly { value: string; label: string }[];
  testId: string;
  /** The desktop select is wider than the others (long labels). */
  wide?: boolean;
  /** The desktop select's list may be wider than the select. */
  widePopup?: boolean;
}

export interface ToggleField<F> {
  kind: 'toggle';
  key: ChoiceKey<F>;
  /** The value "on" stands for (`yes`). */
  on: string;
  /** What "on" means: the switch's label, the phone's second toggle. */
  label: (t: TFunction) => string;
  /** The phone's legend above the two toggles. */
  legend: (t: TFunction) => string;
  testId: string;
}

/** The keys of F whose values are strings or nothing: what a choice or a toggle sets. */
export type ChoiceKey<F> = { [K in keyof F]: F[K] extends string | undefined ? (undefined extends F[K] ? K : never) : never }[keyof F];

/** The filters shown and how to change them: `set` takes a function of the filters as they are. */
export interface FieldProps<F> {
  filters: F;
  set: (next: (filters: F) => F) => void;
}

/** Filters that have an organisation, area, tank and product as the report filters keep them. */
export interface PlaceFilters {
  distributorId: number | undefined;
  companyId: number | undefined;
  stationId: number | undefined;
  areaId?: number | undefined;
  tankId?: number | undefined;
  productId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * Where the rows are: the organisation tree, area, tank (of the picked station) and product, with
 * test ids `<prefix>-org`, `-area`, `-tank` and `-product` — how most reports' filters begin.
 */
export function placeFields<F>(testIdPrefix: string, pick: (filters: F, pick: OrgPick) => F): FilterField<F>[] {
  return [
    { kind: 'org', testId: `${testIdPrefix}-org`, pick },
    { kind: 'area', testId: `${testIdPrefix}-area` },
    { kind: 'tank', testId: `${testIdPrefix}-tank` },
    { kind: 'product', testId: `${testIdPrefix}-product` },
  ];
}
