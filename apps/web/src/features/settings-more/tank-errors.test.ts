import { describe, expect, it } from 'vitest';
import { fieldErrorsFromRefusal } from '../../components/list-page/field-errors';
import { validationRefusal } from '../../components/list-page/validation-refusal';
import { STATION_FIELDS, tankFieldErrors, tankRowsWithErrors } from './tank-errors';

const point = (n: number) => `Point ${n}`;

describe('tankFieldErrors', () => {
  it('maps a 91011 refusal onto the tank rows, moving table points onto the table button', () => {
    const refusal = validationRefusal([
      { field: 'name', rule: 'required', message: 'Name required' },
      { field: 'tanks.0.highOilAlarmMm', rule: 'order', message: 'Above height' },
      { field: 'tanks.2.strapping.5.heightMm', rule: 'increasing', message: 'Heights must increase' },
      { field: 'tanks.2.strapping.7.volumeL', rule: 'max', message: 'Too large' },
      { field: 'tanks.1.id', rule: 'scope', message: 'Unknown tank' },
      { field: 'tanks', rule: 'max', message: 'Too many tanks' },
      { field: 'tanks.3', rule: 'unique', message: 'Duplicate code' },
    ]);
    const entries = tankFieldErrors(fieldErrorsFromRefusal(refusal, { known: STATION_FIELDS }), point);
    expect(entries).toEqual([
      { name: ['name'], errors: ['Name required'] },
      { name: ['tanks', 0, 'highOilAlarmMm'], errors: ['Above height'] },
      { name: ['tanks', 2, 'strapping'], errors: ['Point 6: Heights must increase', 'Point 8: Too large'] },
      { name: ['tanks', 1, 'code'], errors: ['Unknown tank'] },
      { name: ['tanks'], errors: ['Too many tanks'] },
      { name: ['tanks', 3, 'code'], errors: ['Duplicate code'] },
    ]);
    expect(tankRowsWithErrors(entries)).toEqual([0, 1, 2, 3]);
  });

  it('passes a code conflict through to the station code', () => {
    const refusal = { code: 80006, message: 'Code already exists', envelope: { msg: 'Code already exists' } };
    expect(tankFieldErrors(fieldErrorsFromRefusal(refusal, { known: STATION_FIELDS, conflictField: 'code' }), point)).toEqual([
      { name: ['code'], errors: ['Code already exists'] },
    ]);
  });

  it('reads rows from string names too', () => {
    expect(tankRowsWithErrors([{ name: 'tanks.4.code' }, { name: ['name'] }, { name: ['tanks', 4, 'volumeL'] }])).toEqual([4]);
  });
});
