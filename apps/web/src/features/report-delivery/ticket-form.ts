import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import type { DeliveryTicketInput } from '@ullage/contracts/reconciliation';
import { volumeFromLitres, volumeToLitres } from '@ullage/domain/units';

/**
 * A delivery's ticket as its form shows it (issue 23): volumes in the company's unit (spec §9),
 * two decimals, kept in litres. A figure nobody changed is saved as the litres it was, not as
 * its rounding (a ticket of 3,000 gal is 11,356.24 L, not 11,356.2352 L re-rounded). Pure, so
 * tested in node.
 */
export interface TicketFormValues {
  volume: number | null;
  tcVolume: number | null;
  ticketNo: string;
}

/** The largest ticket the server takes, L. */
export const TICKET_MAX_L = 1_000_000;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The form's figure for litres, in the company's unit. */
export const ticketFigure = (litres: number, volumeUnit: number | null | undefined) => round2(volumeFromLitres(litres, volumeUnit));

/** The largest figure the form takes in a unit. */
export const ticketMaxFigure = (volumeUnit: number | null | undefined) => Math.floor(volumeFromLitres(TICKET_MAX_L, volumeUnit) * 100) / 100;

/** The form as it opens: the delivery's ticket, or empty (the gauged volume is shown beside it, not prefilled: a ticket is read off paper). */
export function ticketFormOf(row: Pick<DeliveryRow, 'ticketVolumeL' | 'ticketTcVolumeL' | 'ticketNo' | 'volumeUnit'>): TicketFormValues {
  return {
    volume: row.ticketVolumeL === null ? null : ticketFigure(row.ticketVolumeL, row.volumeUnit),
    tcVolume: row.ticketTcVolumeL === null ? null : ticketFigure(row.ticketTcVolumeL, row.volumeUnit),
    ticketNo: row.ticketNo ?? '',
  };
}

function litresOf(shown: number, saved: number | null, volumeUnit: number | null | undefined): number {
  if (saved !== null && shown === ticketFigure(saved, volumeUnit)) return saved;
  return volumeToLitres(shown, volumeUnit);
}

/** The form's values as PUT /api/delivery/:id/ticket takes them (the volume is required by the form's rules). */
export function ticketInputOf(values: TicketFormValues, row: Pick<DeliveryRow, 'ticketVolumeL' | 'ticketTcVolumeL' | 'volumeUnit'>): DeliveryTicketInput {
  const ticketNo = values.ticketNo.trim();
  return {
    volumeL: litresOf(values.volume ?? 0, row.ticketVolumeL, row.volumeUnit),
    tcVolumeL: values.tcVolume === null ? null : litresOf(values.tcVolume, row.ticketTcVolumeL, row.volumeUnit),
    ticketNo: ticketNo === '' ? null : ticketNo,
  };
}
