import { describe, expect, it } from 'vitest';
import { ticketFormOf, ticketInputOf, ticketMaxFigure } from './ticket-form';

const GALLON = 3.785411784;
const row = (over: object = {}) => ({ ticketVolumeL: null, ticketTcVolumeL: null, ticketNo: null, volumeUnit: 1, ...over });

describe('delivery ticket form', () => {
  it('opens empty without a ticket, and on the ticket in the company’s unit with one', () => {
    expect(ticketFormOf(row())).toEqual({ volume: null, tcVolume: null, ticketNo: '' });
    expect(ticketFormOf(row({ ticketVolumeL: 3_000 * GALLON, ticketTcVolumeL: 2_980 * GALLON, ticketNo: 'T-17', volumeUnit: 2 }))).toEqual({ volume: 3_000, tcVolume: 2_980, ticketNo: 'T-17' });
  });

  it('sends litres; an optional figure left empty is null, a blank number none', () => {
    expect(ticketInputOf({ volume: 12_000, tcVolume: null, ticketNo: '  ' }, row())).toEqual({ volumeL: 12_000, tcVolumeL: null, ticketNo: null });
    const gallons = ticketInputOf({ volume: 100, tcVolume: 99, ticketNo: ' A1 ' }, row({ volumeUnit: 2 }));
    expect(gallons.volumeL).toBeCloseTo(378.5411784, 9);
    expect(gallons.tcVolumeL).toBeCloseTo(99 * GALLON, 9);
    expect(gallons.ticketNo).toBe('A1');
  });

  it('keeps a ticket nobody changed as the litres it was, not its rounding', () => {
    const saved = 11_356.2;
    const shown = ticketFormOf(row({ ticketVolumeL: saved, volumeUnit: 2 }));
    expect(ticketInputOf({ ...shown, volume: shown.volume }, row({ ticketVolumeL: saved, volumeUnit: 2 })).volumeL).toBe(saved);
    expect(ticketInputOf({ ...shown, volume: 3_001 }, row({ ticketVolumeL: saved, volumeUnit: 2 })).volumeL).toBeCloseTo(3_001 * GALLON, 9);
  });

  it('caps at the server’s 1,000,000 L in either unit', () => {
    expect(ticketMaxFigure(1)).toBe(1_000_000);
    expect(ticketMaxFigure(2)).toBe(264_172.05);
  });
});
