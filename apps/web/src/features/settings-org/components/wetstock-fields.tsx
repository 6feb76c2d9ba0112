import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n/message-key';
import { WETSTOCK_DEFAULTS, WETSTOCK_RANGES, wetstockProblem, type WetstockSettings } from '../wetstock-settings';

/** Each field's label, help, unit and step; the help names the default. */
const FIELDS: readonly { name: keyof WetstockSettings; label: MessageKey; help: MessageKey; unit: MessageKey; step: number; testId: string }[] = [
  { name: 'ticketTolerancePct', label: 'reconciliation.company.ticketTolerance', help: 'reconciliation.company.ticketToleranceHelp', unit: 'reconciliation.unit.percent', step: 0.1, testId: 'company-ticket-tolerance' },
  { name: 'varianceAlarmPct', label: 'reconciliation.company.varianceAlarmPct', help: 'reconciliation.company.varianceAlarmPctHelp', unit: 'reconciliation.unit.percent', step: 0.1, testId: 'company-variance-pct' },
  { name: 'varianceAlarmDays', label: 'reconciliation.company.varianceAlarmDays', help: 'reconciliation.company.varianceAlarmDaysHelp', unit: 'reconciliation.unit.days', step: 1, testId: 'company-variance-days' },
  { name: 'runOutHorizonHours', label: 'reconciliation.company.runOutHorizon', help: 'reconciliation.company.runOutHorizonHelp', unit: 'reconciliation.unit.hours', step: 1, testId: 'company-run-out' },
];

/**
 * The company form's wetstock section (issue 23): the ticket tolerance, the variance alarm's
 * limit and days, the run-out warning's horizon; checked as the server checks them.
 */
export function WetstockFields() {
  const { t } = useTranslation();
  const message = (name: keyof WetstockSettings, problem: 'required' | 'integer' | 'range') => {
    const { min, max, above } = WETSTOCK_RANGES[name];
    if (problem === 'required') return t('reconciliation.company.required');
    if (problem === 'integer') return t('reconciliation.company.integer');
    return t(above ? 'reconciliation.company.rangeAbove' : 'reconciliation.company.range', { min, max });
  };
  return (
    <fieldset className="org-form__section" data-testid="company-wetstock">
      <legend>{t('reconciliation.company.section')}</legend>
      <div className="org-form__grid">
        {FIELDS.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={t(field.label)}
            extra={t(field.help, { value: WETSTOCK_DEFAULTS[field.name] })}
            rules={[
              {
                validator: (_, value: number | null | undefined) => {
                  const problem = wetstockProblem(field.name, value);
                  return problem ? Promise.reject(new Error(message(field.name, problem))) : Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber step={field.step} className="org-form__number" suffix={t(field.unit)} data-testid={field.testId} />
          </Form.Item>
        ))}
      </div>
    </fieldset>
  );
}
