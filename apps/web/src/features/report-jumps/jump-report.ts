import type { DataJumpRow } from '@ullage/contracts/data-jumps';
import { JUMP_RULES } from '@ullage/domain/data-jumps';
import { placeFields } from '../../components/report-filters/filter-fields';
import type { ReportDeclaration } from '../../components/report/report-declaration';
import { dataJumpKeys, exportDataJumps, listDataJumps } from './api/data-jumps';
import { jumpRuleLabel } from './jump-explanation';
import { initialJumpFilters, withOrgPick, type JumpFilters } from './jump-filters-state';

/** alarm_record and alarm_record_phone: organisation tree, area, tank (of the picked station), product, rule, time range. */
export const JUMP_REPORT: ReportDeclaration<JumpFilters, DataJumpRow> = {
  filters: [
    ...placeFields('jump-filter', withOrgPick),
    {
      kind: 'choice',
      key: 'rule',
      label: (t) => t('report.jumps.filter.rule'),
      options: (t) => JUMP_RULES.map((rule) => ({ value: rule, label: jumpRuleLabel(t, rule) })),
      testId: 'jump-filter-rule',
      wide: true,
      widePopup: true,
    },
    { kind: 'timeRange', testId: 'jump-filter-range' },
  ],
  initialFilters: initialJumpFilters,
  list: { key: dataJumpKeys.list, fetch: listDataJumps },
  export: exportDataJumps,
  search: { placeholder: 'report.jumps.search', testId: 'jump-search' },
};
