import { useEffect, useMemo, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { sortedPoints, strappingProblems, type StrappingDraft } from '../tank-rules';

interface StrappingModalProps {
  open: boolean;
  tankCode: string;
  heightMm: number | null;
  volumeL: number | null;
  value: StrappingDraft[];
  onCancel: () => void;
  onOk: (points: { heightMm: number; volumeL: number }[]) => void;
}

type Row = StrappingDraft & { key: number };

let nextKey = 1;
const keyed = (points: readonly StrappingDraft[]): Row[] => points.map((p) => ({ heightMm: p.heightMm ?? null, volumeL: p.volumeL ?? null, key: nextKey++ }));

/**
 * The height-volume table of one tank: points to add, edit and remove; heights and volumes
 * strictly increasing, within the tank's height and volume, one decimal at most.
 */
export function StrappingModal({ open, tankCode, heightMm, volumeL, value, onCancel, onOk }: StrappingModalProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Row[]>([]);

  useEffect(() => {
    if (open) setRows(keyed(value.length ? value : [{ heightMm: 0, volumeL: 0 }]));
  }, [open, value]);

  const problems = useMemo(() => strappingProblems(rows, heightMm, volumeL), [rows, heightMm, volumeL]);
  const problemOf = (index: number, field: 'heightMm' | 'volumeL') => problems.find((p) => p.index === index && p.field === field);

  const edit = (index: number, field: 'heightMm' | 'volumeL', next: number | null) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: next } : row)));
  const add = () =>
    setRows((current) => {
      const last = current[current.length - 1];
      return [...current, { heightMm: null, volumeL: null, key: nextKey++, ...(last ? {} : { heightMm: 0, volumeL: 0 }) }];
    });
  const remove = (index: number) => setRows((current) => current.filter((_, i) => i !== index));

  const cell = (index: number, field: 'heightMm' | 'volumeL', label: string) => {
    const problem = problemOf(index, field);
    return (
      <div className="more-strapping__cell">
        <InputNumber
          value={rows[index]?.[field] ?? null}
          onChange={(next) => edit(index, field, typeof next === 'number' ? next : null)}
          min={0}
          step={1}
          status={problem ? 'error' : undefined}
          aria-label={`${label} ${index + 1}`}
          aria-invalid={problem ? true : undefined}
          data-testid={`strapping-${field}-${index}`}
        />
        {problem ? <span className="more-strapping__problem">{t(problem.key)}</span> : null}
      </div>
    );
  };

  return (
    <Modal
      open={open}
      title={t('settingsMore.strapping.title', { code: tankCode || '—' })}
      okText={t('settingsMore.strapping.apply')}
      cancelText={t('common.action.cancel')}
      onCancel={onCancel}
      onOk={() => onOk(sortedPoints(rows))}
      okButtonProps={{ disabled: problems.length > 0, 'data-testid': 'strapping-ok' }}
      width={560}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <p className="more-strapping__limits">
        {t('settingsMore.strapping.limits', {
          height: heightMm ?? t('common.placeholder.missing'),
          volume: volumeL ?? t('common.placeholder.missing'),
        })}
      </p>
      {problems.length ? <Alert type="error" showIcon title={t('settingsMore.strapping.fix')} className="more-strapping__alert" /> : null}
      <div className="more-strapping" data-testid="strapping-table">
        <div className="more-strapping__row more-strapping__head" aria-hidden="true">
          <span>#</span>
          <span>{t('settingsMore.strapping.height')}</span>
          <span>{t('settingsMore.strapping.volume')}</span>
          <span />
        </div>
        <div className="more-strapping__body">
          {rows.map((row, index) => (
            <div className="more-strapping__row" key={row.key}>
              <span className="more-strapping__index">{index + 1}</span>
              {cell(index, 'heightMm', t('settingsMore.strapping.height'))}
              {cell(index, 'volumeL', t('settingsMore.strapping.volume'))}
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                onClick={() => remove(index)}
                aria-label={t('settingsMore.strapping.remove', { n: index + 1 })}
                data-testid={`strapping-remove-${index}`}
              />
            </div>
          ))}
          {rows.length === 0 ? <p className="more-form__hint">{t('settingsMore.strapping.empty')}</p> : null}
        </div>
      </div>
      <Button type="dashed" block icon={<PlusOutlined />} onClick={add} disabled={rows.length >= 2000} data-testid="strapping-add">
        {t('settingsMore.strapping.add')}
      </Button>
    </Modal>
  );
}
