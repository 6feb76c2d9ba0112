import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './file-name';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 name', () => {
    expect(fileNameFromDisposition(`attachment; filename="companies.xlsx"; filename*=UTF-8''%E5%85%AC%E5%8F%B8.xlsx`)).toBe('公司.xlsx');
  });

  it('reads quoted and bare names', () => {
    expect(fileNameFromDisposition('attachment; filename="areas 2026.xlsx"')).toBe('areas 2026.xlsx');
    expect(fileNameFromDisposition('attachment; filename=areas.xlsx')).toBe('areas.xlsx');
  });

  it('drops folders and answers null without a name', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/x.xlsx"')).toBe('x.xlsx');
    expect(fileNameFromDisposition('attachment')).toBeNull();
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
