import { useEffect } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import { useTranslation } from 'react-i18next';
import type { DeliveryRow } from '@ullage/contracts/delivery-report';
import { isLitres } from '@ullage/domain/units';
import { FormModal } from '../../../components/list-page/form-modal';
import { showRefusalOnForm } from '../../../components/list-page/submit-errors';
import { toastSuccess } from '../../../lib/feedback';
import type { MonitorFormat } from '../../../lib/format';
import { useRemoveDeliveryTicket, useSaveDeliveryTicket } from '../api/delivery-ticket';
import { ticketFormOf, ticketInputOf, ticketMaxFigure, type TicketFormValues } from '../ticket-form';

interface TicketModalProps {
  /** The delivery whose ticket is entered; null: closed. */
  row: DeliveryRow | null;
  format: MonitorFormat;
  onClose: () => void;
}

// Refusals about the volumes go to the toast: the form's rules are the server's, in the company's unit.
const FIELDS = ['ticketNo'] as const;

/**
 * Enter, change or remove a delivery's ticket: the volume the tanker's paperwork says, in the
 * company's unit, optionally compensated and numbered. The gauged delivery is shown beside it,
 * so a typing slip shows before saving; the list flags a difference over the company's tolerance.
 */
export function TicketModal({ row, format, onClose }: TicketModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TicketFormValues>();
  const save = useSaveDeliveryTicket();
  const remove = useRemoveDeliveryTicket();
  const unit = t(isLitres(row?.volumeUnit) ? 'reconciliation.unit.litres' : 'reconciliation.unit.gallons');
  const max = ticketMaxFigure(row?.volumeUnit);

  useEffect(() => {
    if (!row) return;
    form.resetFields();
    form.setFieldsValue(ticketFormOf(row));
  }, [row, form]);

  const submit = async () => {
    if (!row) return;
    let values: TicketFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say what is wrong
    }
    save.mutate(
      { id: row.id, body: ticketInputOf(values, row) },
      {
        onSuccess: () => {
          toastSuccess(t('reconciliation.ticket.saved'));
          onClose();
        },
        onError: (error) => showRefusalOnForm(form, error, { known: FIELDS }),
      },
    );
  };

  const range = { type: 'number' as const, min: 0.01, max, message: t('reconciliation.ticket.volumeRange', { max: format.count(max), unit }) };
  return (
    <FormModal
      entity="ticket"
      form={form}
      open={row !== null}
      title={row ? t('reconciliation.ticket.title', { station: row.stationName, tank: row.tankCode }) : ''}
      width={520}
      pending={save.isPending}
      submit={submit}
      onClose={onClose}
    >
      {row ? (
        <p className="ticket-gauged" data-testid="ticket-gauged">
          {row.salesDuringL === null
            ? t('reconciliation.ticket.gauged', { volume: format.volume(row.deliveredL, row.volumeUnit) })
            : t('delivery.ticket.deliveredWithSales', { volume: format.volume(row.deliveredL, row.volumeUnit), rise: format.volume(row.riseL, row.volumeUnit), sold: format.volume(row.salesDuringL, row.volumeUnit) })}
        </p>
      ) : null}
      <Form.Item name="volume" label={t('reconciliation.ticket.volume')} rules={[{ required: true, message: t('reconciliation.ticket.volumeRequired') }, range]}>
        <InputNumber min={0} step={1} className="ticket-number" suffix={unit} data-testid="ticket-volume" />
      </Form.Item>
      <Form.Item name="tcVolume" label={t('reconciliation.ticket.tcVolume')} rules={[range]}>
        <InputNumber min={0} step={1} className="ticket-number" suffix={unit} data-testid="ticket-tc-volume" />
      </Form.Item>
      <Form.Item name="ticketNo" label={t('reconciliation.ticket.ticketNo')} rules={[{ max: 64, message: t('common.rule.maxLength', { count: 64 }) }]}>
        <Input maxLength={64} data-testid="ticket-no" />
      </Form.Item>
      {row && row.ticketVolumeL !== null ? (
        <Popconfirm
          title={t('reconciliation.ticket.removeConfirm')}
          okText={t('reconciliation.ticket.remove')}
          cancelText={t('common.action.cancel')}
          okButtonProps={{ danger: true, 'data-testid': 'ticket-remove-confirm' }}
          onConfirm={() =>
            remove.mutateAsync(row.id).then(() => {
              toastSuccess(t('reconciliation.ticket.removed'));
              onClose();
            })
          }
        >
          <Button danger type="link" loading={remove.isPending} className="ticket-remove" data-testid="ticket-remove">
            {t('reconciliation.ticket.remove')}
          </Button>
        </Popconfirm>
      ) : null}
    </FormModal>
  );
}
