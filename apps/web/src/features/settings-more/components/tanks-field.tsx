import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import type { Rule } from 'antd/es/form';
import TableOutlined from '@ant-design/icons/es/icons/TableOutlined';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '../../../i18n/message-key';
import { optionMatches } from '../../../lib/org-options';
import { AddRowButton, RemoveRowButton } from '../../../components/settings-list/form-list-buttons';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useUniqueCodeRule } from '../../../components/settings-list/unique-code-rule';
import { strappingProblems, thresholdProblems, TANKS_MAX, THRESHOLD_FIELDS, type StrappingDraft, type TankDraft, type ThresholdField } from '../tank-rules';
import { StrappingModal } from './strapping-modal';

export interface ProductOption {
  value: number;
  label: string;
  color: string;
}

const THRESHOLD_LABELS: Record<ThresholdField, MessageKey> = {
  lowOilAlarmMm: 'settingsMore.tank.lowOilAlarm',
  lowOilWarnMm: 'settingsMore.tank.lowOilWarn',
  highOilWarnMm: 'settingsMore.tank.highOilWarn',
  highOilAlarmMm: 'settingsMore.tank.highOilAlarm',
  highWaterAlarmMm: 'settingsMore.tank.highWaterAlarm',
};

export function emptyTank(): TankDraft {
  return {
    code: '',
    productId: null,
    heightMm: null,
    volumeL: null,
    diameterMm: null,
    probeAddress: '',
    oilOffsetMm: 0,
    waterOffsetMm: 0,
    lowOilAlarmMm: null,
    lowOilWarnMm: null,
    highOilWarnMm: null,
    highOilAlarmMm: null,
    highWaterAlarmMm: null,
    strapping: [],
  };
}

interface StrappingButtonProps {
  row: number;
  value?: StrappingDraft[];
  onChange?: (value: StrappingDraft[]) => void;
  id?: string;
  'aria-invalid'?: boolean;
}

/** The count of a tank's table points and the button that opens its editor. */
function StrappingButton({ row, value, onChange, id, ...rest }: StrappingButtonProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const [open, setOpen] = useState(false);
  const points = value ?? [];
  const tank = (open ? form.getFieldValue(['tanks', row]) : null) as TankDraft | null;
  return (
    <>
      <Button
        id={id}
        icon={<TableOutlined />}
        onClick={() => setOpen(true)}
        danger={rest['aria-invalid'] === true}
        data-testid={`station-tank-strapping-${row}`}
        aria-label={t('settingsMore.strapping.open', { n: row + 1 })}
      >
        {t('settingsMore.strapping.points', { count: points.length })}
      </Button>
      <StrappingModal
        open={open}
        tankCode={tank?.code ?? ''}
        heightMm={typeof tank?.heightMm === 'number' ? tank.heightMm : null}
        volumeL={typeof tank?.volumeL === 'number' ? tank.volumeL : null}
        value={points}
        onCancel={() => setOpen(false)}
        onOk={(next) => {
          onChange?.(next);
          setOpen(false);
        }}
      />
    </>
  );
}

interface TanksFieldProps {
  products: ProductOption[];
  productsLoading: boolean;
}

/** The station's tanks: one row each (code, product, sizes, compensation, thresholds, table). */
export function TanksField({ products, productsLoading }: TanksFieldProps) {
  const { t } = useTranslation();
  const { required, max } = useFormRules();
  const { uniqueCode } = useUniqueCodeRule();
  const rowOf = (getFieldValue: (name: (string | number)[]) => unknown, index: number) => (getFieldValue(['tanks', index]) ?? {}) as TankDraft;
  const positive = (max: number): Rule => ({
    validator: async (_, value: number | null | undefined) => {
      if (value === null || value === undefined) return;
      if (!(value > 0 && value <= max)) throw new Error(t('settingsMore.rule.positiveMax', { max: max.toLocaleString() }));
    },
  });
  const requiredNumber = (key: MessageKey): Rule => ({ required: true, message: t(key) });

  return (
    <Form.List
      name="tanks"
      rules={[
        {
          validator: async (_, tanks: unknown[] | undefined) => {
            if ((tanks?.length ?? 0) > TANKS_MAX) throw new Error(t('settingsMore.tank.tooMany', { count: TANKS_MAX }));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className="more-tanks" data-testid="station-tanks">
          <div className="more-tanks__scroller">
            <div className="more-tanks__table" role="table" aria-label={t('settingsMore.station.tanks')}>
              <div className="more-tanks__row more-tanks__head" role="row">
                <span role="columnheader">#</span>
                <span role="columnheader">{t('settingsMore.tank.code')}</span>
                <span role="columnheader">{t('settingsMore.tank.product')}</span>
                <span role="columnheader">{t('settingsMore.tank.height')}</span>
                <span role="columnheader">{t('settingsMore.tank.volume')}</span>
                <span role="columnheader">{t('settingsMore.tank.diameter')}</span>
                <span role="columnheader">{t('settingsMore.tank.probeAddress')}</span>
                <span role="columnheader">{t('settingsMore.tank.oilOffset')}</span>
                <span role="columnheader">{t('settingsMore.tank.waterOffset')}</span>
                {THRESHOLD_FIELDS.map((field) => (
                  <span role="columnheader" key={field}>
                    {t(THRESHOLD_LABELS[field])}
                  </span>
                ))}
                <span role="columnheader">{t('settingsMore.tank.strapping')}</span>
                <span role="columnheader" className="visually-hidden">
                  {t('list.column.actions')}
                </span>
              </div>
              {fields.map((field) => {
                const rowLabel = (key: MessageKey) => `${t(key)} (${t('settingsMore.tank.row', { n: field.name + 1 })})`;
                const thresholdRule =
                  (name: ThresholdField): Rule =>
                  ({ getFieldValue }) => ({
                    validator: async () => {
                      const problem = thresholdProblems(rowOf(getFieldValue, field.name))[name];
                      if (problem) throw new Error(t(problem.key, problem.than ? { than: t(THRESHOLD_LABELS[problem.than]) } : {}));
                    },
                  });
                const rowDeps = (names: readonly string[]) => names.map((n) => ['tanks', field.name, n]);
                return (
                  <div className="more-tanks__row" role="row" key={field.key} data-testid={`station-tank-row-${field.name}`}>
                    <span className="more-tanks__index" role="cell">
                      {field.name + 1}
                    </span>
                    <Form.Item name={[field.name, 'id']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'code']}
                      rules={[required('settingsMore.tank.codeRequired'), max(16), uniqueCode('tanks', field.name, 'settingsMore.tank.codeDuplicate')]}
                    >
                      <Input maxLength={16} aria-label={rowLabel('settingsMore.tank.code')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'productId']} rules={[requiredNumber('settingsMore.tank.productRequired')]}>
                      <Select
                        options={products}
                        loading={productsLoading}
                        showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
                        placeholder={t('settingsMore.tank.productPlaceholder')}
                        aria-label={rowLabel('settingsMore.tank.product')}
                        optionRender={(option) => (
                          <span className="more-swatch-label">
                            <span className="more-swatch more-swatch--small" style={{ background: (option.data as ProductOption).color }} aria-hidden="true" />
                            <bdi>{option.label}</bdi>
                          </span>
                        )}
                        popupMatchSelectWidth={false}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'heightMm']} rules={[requiredNumber('settingsMore.tank.heightRequired'), positive(100_000)]}>
                      <InputNumber min={0} max={100_000} aria-label={rowLabel('settingsMore.tank.height')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'volumeL']} rules={[requiredNumber('settingsMore.tank.volumeRequired'), positive(10_000_000)]}>
                      <InputNumber min={0} max={10_000_000} aria-label={rowLabel('settingsMore.tank.volume')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'diameterMm']} rules={[positive(100_000)]}>
                      <InputNumber min={0} max={100_000} aria-label={rowLabel('settingsMore.tank.diameter')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'probeAddress']} rules={[max(32)]}>
                      <Input maxLength={32} aria-label={rowLabel('settingsMore.tank.probeAddress')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'oilOffsetMm']}>
                      <InputNumber min={-10_000} max={10_000} aria-label={rowLabel('settingsMore.tank.oilOffset')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'waterOffsetMm']}>
                      <InputNumber min={-10_000} max={10_000} aria-label={rowLabel('settingsMore.tank.waterOffset')} />
                    </Form.Item>
                    {THRESHOLD_FIELDS.map((name) => (
                      <Form.Item
                        key={name}
                        name={[field.name, name]}
                        dependencies={rowDeps(['heightMm', ...THRESHOLD_FIELDS.filter((other) => other !== name)])}
                        rules={[thresholdRule(name)]}
                      >
                        <InputNumber min={0} max={100_000} aria-label={rowLabel(THRESHOLD_LABELS[name])} />
                      </Form.Item>
                    ))}
                    <Form.Item
                      name={[field.name, 'strapping']}
                      dependencies={rowDeps(['heightMm', 'volumeL'])}
                      rules={[
                        ({ getFieldValue }) => ({
                          validator: async (_, points: StrappingDraft[] | undefined) => {
                            const tank = rowOf(getFieldValue, field.name);
                            const first = strappingProblems(points ?? [], tank.heightMm, tank.volumeL)[0];
                            if (first) throw new Error(`${t('settingsMore.strapping.point', { n: first.index + 1 })}: ${t(first.key)}`);
                          },
                        }),
                      ]}
                    >
                      <StrappingButton row={field.name} />
                    </Form.Item>
                    <RemoveRowButton label={t('settingsMore.tank.remove', { n: field.name + 1 })} onClick={() => remove(field.name)} testId={`station-tank-remove-${field.name}`} />
                  </div>
                );
              })}
            </div>
          </div>
          {fields.length === 0 ? <p className="more-form__hint">{t('settingsMore.tank.none')}</p> : null}
          <Form.ErrorList errors={errors} />
          <AddRowButton full={fields.length >= TANKS_MAX} onClick={() => add(emptyTank())} testId="station-tank-add">
            {t('settingsMore.tank.add', { n: fields.length, max: TANKS_MAX })}
          </AddRowButton>
        </div>
      )}
    </Form.List>
  );
}
