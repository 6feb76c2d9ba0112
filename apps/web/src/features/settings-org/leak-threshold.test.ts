import { describe, expect, it } from 'vitest';
import { defaultThresholdForForm, thresholdForForm, thresholdFromForm, thresholdInUnit, thresholdMaxForForm } from './leak-threshold';

describe('company leak-test threshold on the form', () => {
  it('reads in the company’s unit per hour, two decimals; the default is 0.76 L/h, 0.2 gal/h', () => {
    expect(defaultThresholdForForm(1)).toBe(0.76);
    expect(defaultThresholdForForm(null)).toBe(0.76);
    expect(defaultThresholdForForm(2)).toBe(0.2);
    expect(thresholdForForm(3.785411784, 2)).toBe(1);
  });

  it('saves a figure nobody changed as the threshold it was, not as its rounding', () => {
    expect(thresholdFromForm(0.2, 2)).toBe(0.76);
    expect(thresholdFromForm(0.76, 1, 0.76)).toBe(0.76);
    expect(thresholdFromForm(0.13, 2, 0.5)).toBe(0.5);
  });

  it('converts a changed figure to L/h', () => {
    expect(thresholdFromForm(0.1, 2)).toBeCloseTo(0.3785411784, 9);
    expect(thresholdFromForm(1.5, 1)).toBe(1.5);
  });

  it('follows a change of unit with the same rate', () => {
    expect(thresholdInUnit(0.76, 1, 2)).toBe(0.2);
    expect(thresholdInUnit(0.2, 2, 1)).toBe(0.76);
    expect(thresholdInUnit(1, 2, 1)).toBe(3.79);
  });

  it('caps at the server’s 100 L/h in either unit', () => {
    expect(thresholdMaxForForm(1)).toBe(100);
    expect(thresholdMaxForForm(2)).toBe(26.41);
  });
});
