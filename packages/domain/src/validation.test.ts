import { describe, it, expect } from 'vitest';
import {
  COORDINATE_MAX_DECIMALS,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  MAX_TANKS_PER_STATION,
  PHOTO_MAX_BYTES,
  PHOTO_TYPES,
  USERNAME_MIN,
  isSafeFileName,
  isValidCoordinate,
  isValidPhone,
} from './validation';

describe('validation constants', () => {
  it('spec §9: username at least 5; tanks 100; photo 250 KB; logo 1M; coordinates five decimals', () => {
    expect([USERNAME_MIN, MAX_TANKS_PER_STATION, PHOTO_MAX_BYTES, LOGO_MAX_BYTES, COORDINATE_MAX_DECIMALS]).toEqual([
      5, 100, 256_000, 1_048_576, 5,
    ]);
  });

  it('spec §5: photo jpeg/jpg/png/gif, distributor image jpeg/jpg/png', () => {
    expect([...PHOTO_TYPES]).toEqual(['image/jpeg', 'image/png', 'image/gif']);
    expect([...LOGO_TYPES]).toEqual(['image/jpeg', 'image/png']);
  });
});

describe('isValidPhone', () => {
  const cases: Array<[string, boolean]> = [
    ['13800138000', true],
    ['0755-12345678', true],
    ['010-1234-5678', true],
    ['0', true],
    ['-', true],
    ['', false],
    ['+86 755 1234', false],
    ['+8613800138000', false],
    ['(0755)1234', false],
    ['123 456', false],
    ['123.456', false],
    ['12a34', false],
    ['１２３', false], // full-width digits are not ASCII digits
    ['123\n', false],
  ];
  it.each(cases)('spec §5: distributor phone digits and hyphen only — %j is %s', (phone, expected) => {
    expect(isValidPhone(phone)).toBe(expected);
  });
});

describe('isValidCoordinate', () => {
  const cases: Array<[string, 'longitude' | 'latitude', boolean]> = [
    // five decimals accepted, six refused
    ['113.12345', 'longitude', true],
    ['113.123456', 'longitude', false],
    ['22.54321', 'latitude', true],
    ['22.543210', 'latitude', false],
    ['-33.8', 'latitude', true],
    ['0', 'latitude', true],
    ['-0', 'longitude', true],
    ['151', 'longitude', true],
    [' 22.5 ', 'latitude', true],
    // ranges
    ['180', 'longitude', true],
    ['-180', 'longitude', true],
    ['180.00001', 'longitude', false],
    ['-180.00001', 'longitude', false],
    ['181', 'longitude', false],
    ['999', 'longitude', false],
    ['1000', 'longitude', false],
    ['90', 'latitude', true],
    ['-90', 'latitude', true],
    ['90.00001', 'latitude', false],
    ['-90.5', 'latitude', false],
    ['100', 'latitude', false],
    // not numbers
    ['', 'latitude', false],
    ['abc', 'longitude', false],
    ['12a', 'longitude', false],
    ['NaN', 'latitude', false],
    ['Infinity', 'longitude', false],
    ['1e2', 'longitude', false],
    ['12.', 'latitude', false],
    ['.5', 'latitude', false],
    ['12,5', 'latitude', false],
    ['1.2.3', 'latitude', false],
    ['--1', 'latitude', false],
    ['0x1A', 'longitude', false],
  ];
  it.each(cases)('spec §5: longitude and latitude valid numbers with at most five decimals — %j as %s is %s', (value, kind, expected) => {
    expect(isValidCoordinate(value, kind)).toBe(expected);
  });
});

describe('isSafeFileName', () => {
  const cases: Array<[string, boolean]> = [
    ['photo.png', true],
    ['my photo_1-final.jpg', true],
    ['IMG2024.JPEG', true],
    ['照片.png', true],
    ['صورة.jpg', true],
    ['foto_año.gif', true],
    ['a'.repeat(96) + '.png', true], // 100 characters
    ['a'.repeat(97) + '.png', false], // 101 characters
    ['', false],
    ['.png', false],
    ['.hidden.png', false],
    ['../avatar.png', false],
    ['dir/avatar.png', false],
    ['dir\\avatar.png', false],
    ['a<b>.png', false],
    ['what?.png', false],
    ['star*.png', false],
    ['c:avatar.png', false],
    ['a;rm -rf.png', false],
    ['100%.png', false],
    ['"quoted".png', false],
    ['line\nbreak.png', false],
    ['nul\u0000.png', false],
    ['emoji😀.png', false],
  ];
  it.each(cases)('spec §5: photo name without special characters — %j is %s', (name, expected) => {
    expect(isSafeFileName(name)).toBe(expected);
  });
});

describe('file names typed with combining accents (macOS hands them over decomposed)', () => {
  it('accepts é written as e + U+0301 and Devanagari vowel signs', () => {
    expect(isSafeFileName('cafe\u0301.png')).toBe(true);
    expect(isSafeFileName('फोटो.png')).toBe(true);
  });
});
