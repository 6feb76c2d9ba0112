import { describe, expect, it } from 'vitest';
import { fieldSpec } from './audit-fields';
import { changeEntries } from './change-lines';

describe('audit log fields read as their forms name them', () => {
  it.each([
    ['account', 'casUser', 'settingsMore.account.casUser', 'text'],
    ['account', 'noticeByEmail', 'settingsAudit.field.noticeByEmail', 'alarms'],
    ['account', 'email', 'mailAddress.label', 'text'],
    ['station', 'tanks', 'settingsMore.station.tanks', 'list'],
    ['station', 'companyId', 'settingsMore.station.company', 'text'],
    ['product', 'color', 'settingsMore.product.color', 'color'],
    ['company', 'tempUnit', 'settingsOrg.company.tempUnit', 'tempUnit'],
    ['company', 'leakThresholdLph', 'settingsOrg.company.leakThreshold', 'text'],
    ['company', 'ticketTolerancePct', 'reconciliation.company.ticketTolerance', 'text'],
    ['company', 'runOutHorizonHours', 'reconciliation.company.runOutHorizon', 'text'],
    ['tag', 'disabled', 'settingsMore.account.status', 'status'],
  ])('%s.%s → %s (%s)', (entity, field, label, kind) => {
    expect(fieldSpec(entity, field)).toEqual({ label, kind });
  });

  it('knows no label for a field no form has', () => {
    expect(fieldSpec('account', 'toString')).toBeNull();
    expect(fieldSpec('nothing', 'name')).toBeNull();
  });

  it('reads changes as before/after pairs or values, never as JSON text', () => {
    expect(changeEntries('update', { color: ['#1677ff', '#ff0000'] })).toEqual([{ field: 'color', pair: true, before: '#1677ff', after: '#ff0000' }]);
    expect(changeEntries('create', { name: 'North', tanks: ['1', '2'] })).toEqual([{ field: 'name', pair: false, value: 'North' }, { field: 'tanks', pair: false, value: ['1', '2'] }]);
    expect(changeEntries('changePassword', {})).toEqual([]);
  });
});
