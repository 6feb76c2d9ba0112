import { describe, expect, it } from 'vitest';
import { fieldErrorsFromRefusal, fieldPath } from './field-errors';
import { validationRefusal } from './validation-refusal';

const known = ['name', 'code', 'phone', 'tankTypes'];

describe('fieldPath', () => {
  it('turns the server field names into antd name paths', () => {
    expect(fieldPath('name')).toEqual(['name']);
    expect(fieldPath('tankTypes.0.code')).toEqual(['tankTypes', 0, 'code']);
    expect(fieldPath('tankTypes[2].heightMm')).toEqual(['tankTypes', 2, 'heightMm']);
    expect(fieldPath('/tankTypes/1/oil')).toEqual(['tankTypes', 1, 'oil']);
  });
});

describe('fieldErrorsFromRefusal', () => {
  it('maps 91011 field problems onto their fields, grouping repeats', () => {
    const error = validationRefusal(
      [
        { field: 'phone', rule: 'digits', message: 'Digits and hyphen only' },
        { field: 'phone', rule: 'max', message: 'Too long' },
        { field: 'tankTypes.1.code', rule: 'unique', message: 'Duplicate code' },
        { field: 'unknownThing', rule: 'x', message: 'ignored' },
      ],
      'phone: digits',
    );
    expect(fieldErrorsFromRefusal(error, { known })).toEqual([
      { name: ['phone'], errors: ['Digits and hyphen only', 'Too long'] },
      { name: ['tankTypes', 1, 'code'], errors: ['Duplicate code'] },
    ]);
  });

  it('falls back to the rule when a problem has no message', () => {
    const error = { code: 91011, message: 'bad', envelope: { msg: '', data: { fields: [{ field: 'name', rule: 'required', message: '' }] } } };
    expect(fieldErrorsFromRefusal(error, { known })).toEqual([{ name: ['name'], errors: ['required'] }]);
  });

  it('puts 80006 on the code field with the server message', () => {
    const error = { code: 80006, message: 'Code already exists', envelope: { msg: 'Code already exists' } };
    expect(fieldErrorsFromRefusal(error, { known, conflictField: 'code' })).toEqual([{ name: ['code'], errors: ['Code already exists'] }]);
  });

  it('uses the fallback for an 80006 without text', () => {
    const error = { code: 80006, message: '', envelope: { msg: '' } };
    expect(fieldErrorsFromRefusal(error, { known, conflictField: 'code', conflictFallback: 'Code already exists' })).toEqual([
      { name: ['code'], errors: ['Code already exists'] },
    ]);
  });

  it('leaves other refusals to the toast', () => {
    expect(fieldErrorsFromRefusal({ code: 80007, message: 'in use', envelope: { msg: 'in use' } }, { known, conflictField: 'code' })).toEqual([]);
    expect(fieldErrorsFromRefusal({ code: 80006, message: 'x' }, { known })).toEqual([]);
    expect(fieldErrorsFromRefusal({ code: 91011, message: 'x', envelope: { msg: 'x', data: { fields: 'nope' } } }, { known })).toEqual([]);
    expect(fieldErrorsFromRefusal({ code: null, message: 'network' }, { known })).toEqual([]);
  });
});
