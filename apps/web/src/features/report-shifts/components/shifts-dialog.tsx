import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CODES } from '@ullage/contracts/codes';
import type { StationShiftsInput } from '@ullage/contracts/shift-sales';
import { MAX_SHIFTS, MIN_SHIFTS, SHIFT_NAME_MAX, shiftProblems, type ShiftProblem } from '@ullage/domain/shifts';
import { fieldErrorsFromRefusal } from '../../../components/list-page/field-errors';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { ERROR_TOAST_MS } from '../../../lib/response-outcome';
import { useSaveStationShifts, useStationShifts } from '../api/station-shifts';

interface ShiftsDialogProps {
  stationId: number;
  stationName: string;
  open: boolean;
  onClose: () => void;
}

type Values = StationShiftsInput;

/** The domain's rule as the form's words (the server checks the same and answers the same fields). */
function problemText(t: TFunction, p: ShiftProblem): string {
  switch (p.rule) {
    case 'shiftCount':
      return t('shiftSales.shifts.ruleCount', { min: MIN_SHIFTS, max: MAX_SHIFTS, count: MAX_SHIFTS });
    case 'required':
      return t('shiftSales.shifts.ruleName');
    case 'tooLong':
      return t('shiftSales.shifts.ruleNameLong', { count: SHIFT_NAME_MAX });
    case 'duplicate':
      return t(p.field.endsWith('.start') ? 'shiftSales.shifts.ruleStartTwice' : 'shiftSales.shifts.ruleNameTwice');
    case 'timeOfDay':
      return t('shiftSales.shifts.ruleTime');
  }
}

/**
 * A station's shifts, replaced as a whole: a name and a start (HH:MM, the station's clock) each;
 * a shift runs until the next one starts, the last past midnight to the first.
 */
export function ShiftsDialog({ stationId, stationName, open, onClose }: ShiftsDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const current = useStationShifts(open ? stationId : undefined);
  const save = useSaveStationShifts(stationId);
  const [listErrors, setListErrors] = useState<string[]>([]);
  const [startedFrom, setStartedFrom] = useState<number | null>(null);
  if (open && startedFrom === null && current.isSuccess && !current.isFetching) setStartedFrom(current.dataUpdatedAt);

  const check = (values: Values): boolean => {
    const problems = shiftProblems(values.shifts ?? []);
    form.setFields(
      (values.shifts ?? []).flatMap((_, i) => [
        { name: ['shifts', i, 'name'], errors: problems.filter((p) => p.field === `shifts.${i}.name`).map((p) => problemText(t, p)) },
        { name: ['shifts', i, 'start'], errors: problems.filter((p) => p.field === `shifts.${i}.start`).map((p) => problemText(t, p)) },
      ]),
    );
    setListErrors(problems.filter((p) => p.field === 'shifts').map((p) => problemText(t, p)));
    return problems.length === 0;
  };

  const submit = () => {
    const values = form.getFieldsValue(true) as Values;
    const shifts = (values.shifts ?? []).map((s) => ({ name: s?.name ?? '', start: s?.start ?? '' }));
    if (!check({ shifts })) return;
    save.mutate(
      { shifts },
      {
        onSuccess: () => {
          toastSuccess(t('common.result.settingSaved'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === CODES.sessionInvalid) return;
          const entries = error instanceof ApiError ? fieldErrorsFromRefusal(error, { known: ['shifts'] }) : [];
          form.setFields(entries.filter((e) => e.name.length > 1).map((e) => ({ name: e.name as never, errors: e.errors })));
          setListErrors(entries.filter((e) => e.name.length === 1).flatMap((e) => e.errors));
          toastError(error.message || t('common.result.settingFailed'), ERROR_TOAST_MS);
        },
      },
    );
  };

  const initial: Values = { shifts: current.data?.configured ? current.data.shifts.map((s) => ({ name: s.name, start: s.start })) : [{ name: '', start: '06:00' }] };

  return (
    <Modal
      open={open}
      title={t('shiftSales.shifts.title', { station: stationName })}
      okText={t('common.action.save')}
      cancelText={t('common.action.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: startedFrom === null, 'data-testid': 'shifts-save' }}
      afterOpenChange={(visible) => {
        if (!visible) {
          setStartedFrom(null);
          setListErrors([]);
        }
      }}
      destroyOnHidden
      mask={{ closable: false }}
      width={520}
    >
      <div data-testid="shifts-dialog">
        {startedFrom === null ? (
          <div className="shifts-dialog__loading">
            <Spin />
          </div>
        ) : (
          <Form key={startedFrom} form={form} name="station-shifts" layout="vertical" autoComplete="off" initialValues={initial} onFinish={submit}>
            <p className="shifts-dialog__hint">{t('shiftSales.shifts.hint', { zone: current.data?.timezone ?? '' })}</p>
            <Form.List name="shifts">
              {(fields, { add, remove }) => (
                <>
                  <div className="shifts-dialog__head" aria-hidden>
                    <span>{t('shiftSales.shifts.name')}</span>
                    <span>{t('shiftSales.shifts.start')}</span>
                  </div>
                  {fields.map((field, i) => (
                    <div className="shifts-dialog__row" key={field.key} data-testid="shifts-row">
                      <Form.Item name={[field.name, 'name']} className="shifts-dialog__name">
                        <Input maxLength={SHIFT_NAME_MAX} placeholder={t('shiftSales.shifts.namePlaceholder', { n: i + 1 })} aria-label={`${t('shiftSales.shifts.name')} ${i + 1}`} data-testid="shifts-name" />
                      </Form.Item>
                      <Form.Item name={[field.name, 'start']} className="shifts-dialog__start">
                        <Input maxLength={5} placeholder="HH:MM" dir="ltr" inputMode="numeric" aria-label={`${t('shiftSales.shifts.start')} ${i + 1}`} data-testid="shifts-start" />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        onClick={() => remove(field.name)}
                        disabled={fields.length <= MIN_SHIFTS}
                        aria-label={t('shiftSales.shifts.remove', { n: i + 1 })}
                        data-testid="shifts-remove"
                      />
                    </div>
                  ))}
                  <Form.ErrorList errors={listErrors} />
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', start: '' })} disabled={fields.length >= MAX_SHIFTS} block data-testid="shifts-add">
                    {t('shiftSales.shifts.add', { max: MAX_SHIFTS })}
                  </Button>
                </>
              )}
            </Form.List>
          </Form>
        )}
      </div>
    </Modal>
  );
}
