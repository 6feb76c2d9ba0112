import { describe, expect, it } from 'vitest';
import { antdTheme } from './antd-theme';

describe('antd theme', () => {
  it('styles from the stylesheet whether or not the viewer asked for less motion', () => {
    expect(antdTheme(false).zeroRuntime).toBe(true);
    expect(antdTheme(true).zeroRuntime).toBe(true);
  });

  it('turns antd’s animations off only for a viewer who asked for less motion, in the brand colour either way', () => {
    expect(antdTheme(true).token).toEqual({ colorPrimary: '#0f4c81', colorLink: '#0f4c81', borderRadius: 6, motion: false });
    expect(antdTheme(false).token).toEqual({ colorPrimary: '#0f4c81', colorLink: '#0f4c81', borderRadius: 6 });
  });
});
