import { lazy, Suspense, useMemo } from 'react';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import type { FormInstance, Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { ATG_DEVICE_TYPE } from '@ullage/domain/atg-settings';
import type { StationDetail, StationInput, TankInput } from '@ullage/contracts/settings-more';
import type { MessageKey } from '../../../i18n/message-key';
import { ApiError } from '../../../lib/api-client';
import { toastError, toastSuccess } from '../../../lib/feedback';
import { fieldErrorsFromRefusal } from '../../../components/list-page/field-errors';
import { FormDrawer } from '../../../components/settings-list/form-drawer';
import { useFormRules } from '../../../components/settings-list/form-rules';
import { useResetOnOpen } from '../../../components/settings-list/use-reset-on-open';
import { optionMatches } from '../../../lib/org-options';
import { optionalText } from '../../../lib/settings-validators';
import { useCompanyAreas } from '../../../lib/area-options';
import { useEnabledCompanies } from '../api/company-options';
import { useCreateStation } from '../api/create-station';
import { useStation } from '../api/get-station';
import { useProductOptions } from '../../../lib/product-options';
import { useUpdateStation } from '../api/update-station';
import { DEVICE_TYPE_CHOICES, DEVICE_TYPE_KEYS } from '../choices';
import { atgPollSecondsProblem, atgSecurityCodeProblem, coordinateProblem, timeZones } from '../field-rules';
import { STATION_FIELDS, tankFieldErrors, tankRowsWithErrors } from '../tank-errors';
import { sortedPoints, type TankDraft } from '../tank-rules';
import { TanksField, type ProductOption } from './tanks-field';
import './settings-more.css';

/** Only Veeder-Root TLS stations have a console panel: the other types never load its code. */
const AtgConsolePanel = lazy(() => import('./atg-console-panel').then((module) => ({ default: module.AtgConsolePanel })));

interface Values {
  name: string;
  code: string;
  taxNumber: string;
  companyId?: number;
  areaId?: number | null;
  address?: string;
  phone?: string;
  timezone?: string;
  longitude?: string;
  latitude?: string;
  deviceIp?: string;
  devicePort?: number | null;
  serverIp?: string;
  deviceType?: StationInput['deviceType'];
  instrumentType?: string;
  atgPollSeconds?: number | null;
  atgSecurityCode?: string;
  tanks?: TankDraft[];
}


function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

function valuesOf(detail: StationDetail | null, lockedCompanyId: number | null): Partial<Values> {
  if (!detail) {
    return { timezone: browserZone(), deviceType: 'ullage-collector', tanks: [], ...(lockedCompanyId ? { companyId: lockedCompanyId } : {}) };
  }
  return {
    name: detail.name,
    code: detail.code,
    taxNumber: detail.taxNumber,
    companyId: detail.companyId,
    areaId: detail.areaId,
    address: detail.address ?? '',
    phone: detail.phone ?? '',
    timezone: detail.timezone,
    longitude: detail.longitude ?? '',
    latitude: detail.latitude ?? '',
    deviceIp: detail.deviceIp ?? '',
    devicePort: detail.devicePort,
    serverIp: detail.serverIp ?? '',
    deviceType: (DEVICE_TYPE_CHOICES as readonly string[]).includes(detail.deviceType ?? '') ? (detail.deviceType as StationInput['deviceType']) : undefined,
    instrumentType: detail.instrumentType ?? '',
    atgPollSeconds: detail.atgPollSeconds,
    atgSecurityCode: detail.atgSecurityCode ?? '',
    tanks: detail.tanks.map((tank) => ({
      id: tank.id,
      code: tank.code,
      productId: tank.productId || null,
      heightMm: tank.heightMm,
      volumeL: tank.volumeL,
      diameterMm: tank.diameterMm,
      probeAddress: tank.probeAddress ?? '',
      oilOffsetMm: tank.oilOffsetMm ?? 0,
      waterOffsetMm: tank.waterOffsetMm ?? 0,
      lowOilAlarmMm: tank.lowOilAlarmMm,
      lowOilWarnMm: tank.lowOilWarnMm,
      highOilWarnMm: tank.highOilWarnMm,
      highOilAlarmMm: tank.highOilAlarmMm,
      highWaterAlarmMm: tank.highWaterAlarmMm,
      strapping: tank.strapping ?? [],
    })),
  };
}

const numOrNull = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function tankOf(tank: TankDraft): TankInput {
  return {
    ...(typeof tank.id === 'number' && tank.id > 0 ? { id: tank.id } : {}),
    code: (tank.code ?? '').trim(),
    productId: tank.productId ?? 0,
    heightMm: Number(tank.heightMm),
    volumeL: Number(tank.volumeL),
    diameterMm: numOrNull(tank.diameterMm),
    probeAddress: optionalText(tank.probeAddress),
    oilOffsetMm: numOrNull(tank.oilOffsetMm) ?? 0,
    waterOffsetMm: numOrNull(tank.waterOffsetMm) ?? 0,
    lowOilAlarmMm: numOrNull(tank.lowOilAlarmMm),
    lowOilWarnMm: numOrNull(tank.lowOilWarnMm),
    highOilWarnMm: numOrNull(tank.highOilWarnMm),
    highOilAlarmMm: numOrNull(tank.highOilAlarmMm),
    highWaterAlarmMm: numOrNull(tank.highWaterAlarmMm),
    strapping: sortedPoints(tank.strapping ?? []),
  };
}

export function stationInputOf(values: Values): StationInput {
  // The console settings belong to a Veeder-Root TLS station only (the server drops them otherwise).
  const atg = values.deviceType === ATG_DEVICE_TYPE;
  return {
    name: values.name.trim(),
    code: values.code.trim(),
    taxNumber: values.taxNumber.trim(),
    companyId: values.companyId ?? 0,
    areaId: values.areaId ?? null,
    address: optionalText(values.address),
    phone: optionalText(values.phone),
    timezone: (values.timezone ?? '').trim(),
    longitude: optionalText(values.longitude),
    latitude: optionalText(values.latitude),
    deviceIp: optionalText(values.deviceIp),
    devicePort: numOrNull(values.devicePort),
    serverIp: optionalText(values.serverIp),
    deviceType: values.deviceType ?? 'ullage-collector',
    instrumentType: optionalText(values.instrumentType),
    atgPollSeconds: atg ? numOrNull(values.atgPollSeconds) : null,
    atgSecurityCode: atg ? optionalText(values.atgSecurityCode) : null,
    tanks: (values.tanks ?? []).map(tankOf),
  };
}

interface StationFormDrawerProps {
  open: boolean;
  /** The station being edited; null creates one. */
  stationId: number | null;
  /** A company account creates stations only in its own company. */
  lockedCompanyId: number | null;
  onClose: () => void;
  /** After a save; the device key only on create (shown once). */
  onSaved: (deviceKey: string | null) => void;
}

/** Create or edit a station and its tanks (spec §3, §5), in a wide drawer. */
export function StationFormDrawer({ open, stationId, lockedCompanyId, onClose, onSaved }: StationFormDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const detail = useStation(open ? stationId : null);
  const companies = useEnabledCompanies(open);
  const products = useProductOptions(open);
  const companyId = Form.useWatch('companyId', form);
  const deviceType = Form.useWatch('deviceType', form);
  const deviceIp = Form.useWatch('deviceIp', form);
  const devicePort = Form.useWatch('devicePort', form);
  const atgPollSeconds = Form.useWatch('atgPollSeconds', form);
  const atgSecurityCode = Form.useWatch('atgSecurityCode', form);
  const atg = deviceType === ATG_DEVICE_TYPE;
  const areas = useCompanyAreas(open ? companyId : null);
  const create = useCreateStation();
  const update = useUpdateStation();
  const pending = create.isPending || update.isPending;
  const loadingDetail = stationId !== null && !detail.data;
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone })), []);

  useResetOnOpen(
    form,
    open,
    // An edited station's form fills once its record has come.
    () => (stationId === null ? valuesOf(null, lockedCompanyId) : detail.data ? valuesOf(detail.data, lockedCompanyId) : null),
    [stationId, detail.data, lockedCompanyId],
  );

  const companyOptions = useMemo(() => {
    const list = (companies.data?.list ?? []).map((c) => ({ value: c.id, label: c.code ? `${c.name} (${c.code})` : c.name }));
    // The station's own company stays selectable when editing, even if it was disabled since.
    const current = detail.data;
    if (stationId !== null && current && !list.some((o) => o.value === current.companyId)) list.unshift({ value: current.companyId, label: current.companyName });
    return list;
  }, [companies.data, detail.data, stationId]);
  const areaOptions = useMemo(() => (areas.data?.list ?? []).map((a) => ({ value: a.id, label: a.name })), [areas.data]);
  const productOptions = useMemo<ProductOption[]>(
    () => (products.data?.list ?? []).map((p) => ({ value: p.id, label: p.code ? `${p.name} (${p.code})` : p.name, color: p.color })),
    [products.data],
  );

  const { required, max } = useFormRules();
  const coordinate = (kind: 'longitude' | 'latitude'): Rule => ({
    validator: async (_, value: string | undefined) => {
      const key = coordinateProblem(value, kind);
      if (key) throw new Error(t(key));
    },
  });

  const checked = <V,>(check: (value: V) => MessageKey | null): Rule => ({
    validator: async (_, value: V) => {
      const key = check(value);
      if (key) throw new Error(t(key));
    },
  });
  const saved = detail.data;
  // The console panel reports on the saved station: say so while its device settings differ in the form.
  const unsavedDevice =
    !!saved &&
    (deviceType !== saved.deviceType ||
      (optionalText(deviceIp) ?? null) !== saved.deviceIp ||
      numOrNull(devicePort) !== saved.devicePort ||
      numOrNull(atgPollSeconds) !== saved.atgPollSeconds ||
      (optionalText(atgSecurityCode) ?? null) !== saved.atgSecurityCode);

  const showProblems = (names: (string | number)[][]) => {
    const rows = tankRowsWithErrors(names.map((name) => ({ name })));
    if (rows.length) toastError(t('settingsMore.tank.rowsWithErrors', { rows: rows.map((r) => r + 1).join(', ') }), 4000);
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch (failure) {
      const fields = (failure as { errorFields?: { name: (string | number)[] }[] }).errorFields ?? [];
      showProblems(fields.map((f) => f.name));
      return;
    }
    const body = stationInputOf(values);
    const onError = (error: unknown) => {
      if (!(error instanceof ApiError)) return;
      const entries = tankFieldErrors(
        fieldErrorsFromRefusal(error, { known: STATION_FIELDS, conflictField: 'code', conflictFallback: t('common.error.codeExists') }),
        (n) => t('settingsMore.strapping.point', { n }),
      );
      if (!entries.length) return;
      (form as FormInstance).setFields(entries);
      (form as FormInstance).scrollToField(entries[0]!.name, { block: 'center' });
      showProblems(entries.map((e) => e.name));
    };
    if (stationId !== null) {
      update.mutate(
        { id: stationId, body },
        {
          onSuccess: () => {
            toastSuccess(t('common.result.settingSaved'));
            onSaved(null);
          },
          onError,
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          toastSuccess(t('common.result.settingSaved'));
          onSaved(saved.deviceKey);
        },
        onError,
      });
    }
  };

  return (
    <FormDrawer
      entity="station"
      form={form}
      open={open}
      title={stationId !== null ? t('settingsMore.station.edit') : t('settingsMore.station.create')}
      // As wide as the window allows: the tank table's threshold columns are its last.
      size="min(1400px, calc(100vw - 40px))"
      pending={pending}
      submit={submit}
      onClose={onClose}
      loading={loadingDetail}
      scrollToFirstError={{ block: 'center' }}
    >
      <h2 className="more-form__section">{t('settingsMore.station.basics')}</h2>
      <div className="more-form__grid more-form__grid--3">
        <Form.Item name="name" label={t('settingsMore.station.name')} rules={[required('settingsMore.station.nameRequired'), max(100)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="code" label={t('settingsMore.station.code')} rules={[required('settingsMore.station.codeRequired'), max(32)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="taxNumber" label={t('settingsMore.station.taxNumber')} rules={[required('settingsMore.station.taxNumberRequired'), max(50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="companyId" label={t('settingsMore.station.company')} rules={[{ required: true, message: t('settingsMore.station.companyRequired') }]}>
          <Select
            options={companyOptions}
            loading={companies.isLoading}
            disabled={lockedCompanyId !== null}
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={t('settingsMore.station.companyPlaceholder')}
            onChange={() => form.setFieldValue('areaId', null)}
          />
        </Form.Item>
        <Form.Item name="areaId" label={t('settingsMore.station.area')}>
          <Select
            options={areaOptions}
            loading={areas.isLoading && typeof companyId === 'number'}
            allowClear
            disabled={typeof companyId !== 'number'}
            showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }}
            placeholder={typeof companyId === 'number' ? t('settingsMore.station.areaPlaceholder') : t('settingsMore.station.areaNeedsCompany')}
          />
        </Form.Item>
        <Form.Item name="timezone" label={t('settingsMore.station.timezone')} rules={[{ required: true, message: t('settingsMore.station.timezoneRequired') }]}>
          <Select options={zones} showSearch={{ filterOption: (input, option) => optionMatches(input, option?.label) }} virtual />
        </Form.Item>
        <Form.Item name="address" label={t('settingsMore.station.address')} rules={[max(200)]} className="more-form__span2">
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="phone" label={t('settingsMore.station.phone')} rules={[max(30)]}>
          <Input maxLength={30} inputMode="tel" dir="ltr" />
        </Form.Item>
        <Form.Item name="longitude" label={t('settingsMore.station.longitude')} rules={[max(20), coordinate('longitude')]}>
          <Input maxLength={20} inputMode="decimal" dir="ltr" placeholder="116.40739" />
        </Form.Item>
        <Form.Item name="latitude" label={t('settingsMore.station.latitude')} rules={[max(20), coordinate('latitude')]}>
          <Input maxLength={20} inputMode="decimal" dir="ltr" placeholder="39.90421" />
        </Form.Item>
      </div>
      <h2 className="more-form__section">{t('settingsMore.station.device')}</h2>
      <div className="more-form__grid more-form__grid--3">
        <Form.Item name="deviceType" label={t('settingsMore.station.deviceType')} rules={[{ required: true, message: t('settingsMore.station.deviceTypeRequired') }]}>
          <Select options={DEVICE_TYPE_CHOICES.map((value) => ({ value, label: t(DEVICE_TYPE_KEYS[value]) }))} />
        </Form.Item>
        <Form.Item name="instrumentType" label={t('settingsMore.station.instrumentType')} rules={[max(50)]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="deviceIp" label={t('settingsMore.station.deviceIp')} rules={[max(255)]}>
          <Input maxLength={255} dir="ltr" />
        </Form.Item>
        <Form.Item name="devicePort" label={t('settingsMore.station.devicePort')}>
          <InputNumber min={1} max={65535} precision={0} className="more-form__number" />
        </Form.Item>
        <Form.Item name="serverIp" label={t('settingsMore.station.serverIp')} rules={[max(255)]}>
          <Input maxLength={255} dir="ltr" />
        </Form.Item>
        {atg && (
          <>
            {/* No min/max on the input: it would quietly clamp 9 to 10; the rule says what is allowed instead. */}
            <Form.Item name="atgPollSeconds" label={t('settingsMore.atg.pollSeconds')} tooltip={t('settingsMore.atg.pollSecondsHelp')} rules={[checked(atgPollSecondsProblem)]}>
              <InputNumber precision={0} placeholder="60" className="more-form__number" data-testid="atg-poll-seconds" />
            </Form.Item>
            <Form.Item name="atgSecurityCode" label={t('settingsMore.atg.securityCode')} tooltip={t('settingsMore.atg.securityCodeHelp')} rules={[checked(atgSecurityCodeProblem)]}>
              <Input dir="ltr" spellCheck={false} autoComplete="off" className="more-atg__code" data-testid="atg-security-code" />
            </Form.Item>
          </>
        )}
      </div>
      {atg &&
        (stationId !== null && saved ? (
          <Suspense fallback={<p className="more-form__hint">{t('common.loading')}</p>}>
            <AtgConsolePanel stationId={stationId} companyId={saved.companyId} unsaved={unsavedDevice} />
          </Suspense>
        ) : stationId === null ? (
          <p className="more-form__hint">{t('settingsMore.atg.afterCreate')}</p>
        ) : null)}
      <h2 className="more-form__section">{t('settingsMore.station.tanks')}</h2>
      <Alert type="info" showIcon className="more-form__info" title={t('settingsMore.tank.rules')} />
      <TanksField products={productOptions} productsLoading={products.isLoading} />
    </FormDrawer>
  );
}

