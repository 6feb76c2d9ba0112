import { describe, expect, it } from 'vitest';
import { isTableLoading, tableEmptyText } from './table-empty';

describe('an empty table while it loads (issue 34 item 7)', () => {
  it('says it is loading, not the empty text, whenever antd spins', () => {
    expect(tableEmptyText(true, undefined, 'Loading…')).toBe('Loading…');
    expect(tableEmptyText(true, 'No tanks yet', 'Loading…')).toBe('Loading…');
    expect(tableEmptyText({ spinning: true }, undefined, 'Loading…')).toBe('Loading…');
    expect(tableEmptyText({ delay: 200 }, undefined, 'Loading…')).toBe('Loading…');
  });

  it('keeps the page’s own empty text, or antd’s (undefined), once loaded', () => {
    expect(tableEmptyText(false, 'No tanks yet', 'Loading…')).toBe('No tanks yet');
    expect(tableEmptyText(undefined, undefined, 'Loading…')).toBeUndefined();
    expect(tableEmptyText({ spinning: false }, 'No tanks yet', 'Loading…')).toBe('No tanks yet');
  });

  it('reads antd’s loading prop: a flag or the Spin’s props', () => {
    expect([true, false, undefined, { spinning: true }, { spinning: false }, {}].map(isTableLoading)).toEqual([true, false, false, true, false, true]);
  });
});
