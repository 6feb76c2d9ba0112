import type { MessageKey } from '../../i18n/message-key';
import type { AuditEntity } from './api/list-audit';

/**
 * How the audit log shows each recorded field: the label its form gives it and the kind of
 * value it holds (a colour as a swatch, a unit by its name, tanks by code…). The server
 * records field names and raw values; this table turns them back into what the forms say.
 */
export type ValueKind =
  | 'text'
  | 'color'
  | 'list'
  | 'tempUnit'
  | 'volumeUnit'
  | 'accountType'
  | 'productType'
  | 'deviceType'
  | 'image'
  | 'status'
  | 'yesNo'
  | 'alarms'
  | 'tankTypes'
  | 'changed';

export interface FieldSpec {
  label: MessageKey;
  kind: ValueKind;
}

const f = (label: MessageKey, kind: ValueKind = 'text'): FieldSpec => ({ label, kind });

/** Fields several settings share (organisation links, status). */
const SHARED: Record<string, FieldSpec> = {
  distributorId: f('settingsMore.account.unitDistributor'),
  companyId: f('settingsMore.account.unitCompany'),
  stationId: f('settingsMore.account.unitStation'),
  areaId: f('settingsMore.station.area'),
  disabled: f('settingsMore.account.status', 'status'),
};

const FIELDS: Record<AuditEntity, Record<string, FieldSpec>> = {
  delivery: {
    ticketVolumeL: f('settingsAudit.delivery.ticketVolumeL'),
    ticketTcVolumeL: f('settingsAudit.delivery.ticketTcVolumeL'),
    ticketNo: f('settingsAudit.delivery.ticketNo'),
  },
  distributor: {
    name: f('settingsOrg.distributor.name'),
    area: f('settingsOrg.distributor.area'),
    country: f('settingsOrg.distributor.country'),
    contactName: f('settingsOrg.distributor.contactName'),
    phone: f('settingsOrg.distributor.phone'),
    position: f('settingsOrg.distributor.position'),
    logo: f('settingsOrg.distributor.logo', 'image'),
    tankTypes: f('settingsOrg.distributor.tankTypes', 'tankTypes'),
  },
  company: {
    name: f('settingsOrg.company.name'),
    code: f('settingsOrg.company.code'),
    province: f('settingsOrg.company.province'),
    city: f('settingsOrg.company.city'),
    district: f('settingsOrg.company.district'),
    tempUnit: f('settingsOrg.company.tempUnit', 'tempUnit'),
    volumeUnit: f('settingsOrg.company.volumeUnit', 'volumeUnit'),
    contactName: f('settingsOrg.company.contactName'),
    contactPhone: f('settingsOrg.company.contactPhone'),
    leakThresholdLph: f('settingsOrg.company.leakThreshold'),
    ticketTolerancePct: f('reconciliation.company.ticketTolerance'),
    varianceAlarmPct: f('reconciliation.company.varianceAlarmPct'),
    varianceAlarmDays: f('reconciliation.company.varianceAlarmDays'),
    runOutHorizonHours: f('reconciliation.company.runOutHorizon'),
  },
  area: { name: f('settingsOrg.area.name'), companyId: f('settingsOrg.area.company') },
  station: {
    name: f('settingsMore.station.name'),
    code: f('settingsMore.station.code'),
    taxNumber: f('settingsMore.station.taxNumber'),
    companyId: f('settingsMore.station.company'),
    address: f('settingsMore.station.address'),
    phone: f('settingsMore.station.phone'),
    timezone: f('settingsMore.station.timezone'),
    longitude: f('settingsMore.station.longitude'),
    latitude: f('settingsMore.station.latitude'),
    deviceIp: f('settingsMore.station.deviceIp'),
    devicePort: f('settingsMore.station.devicePort'),
    serverIp: f('settingsMore.station.serverIp'),
    deviceType: f('settingsMore.station.deviceType', 'deviceType'),
    instrumentType: f('settingsMore.station.instrumentType'),
    atgPollSeconds: f('settingsMore.atg.pollSeconds'),
    atgSecurityCode: f('settingsMore.atg.securityCode', 'changed'),
    tanks: f('settingsMore.station.tanks', 'list'),
    deviceKey: f('settingsAudit.field.deviceKey', 'changed'),
    shifts: f('settingsAudit.field.shifts'),
  },
  product: {
    name: f('settingsMore.product.name'),
    shortName: f('settingsMore.product.shortName'),
    code: f('settingsMore.product.code'),
    type: f('settingsMore.product.type', 'productType'),
    distributorId: f('settingsMore.product.distributor'),
    companyId: f('settingsMore.product.company'),
    color: f('settingsMore.product.color', 'color'),
  },
  tag: {
    key: f('settingsMore.tag.key'),
    value: f('settingsMore.tag.value'),
    type: f('settingsMore.tag.type'),
    typeValue: f('settingsMore.tag.typeValue'),
    remark: f('settingsMore.tag.remark'),
  },
  serviceAccount: {
    name: f('apiTokens.account.name'),
    description: f('apiTokens.account.description'),
  },
  apiToken: {
    serviceAccount: f('apiTokens.account.name'),
    name: f('apiTokens.token.name'),
    scopes: f('apiTokens.token.scopes', 'list'),
    expiresInDays: f('settingsAudit.field.expiresInDays'),
    token: f('apiTokens.token.name'),
    scope: f('settingsAudit.field.scope'),
    method: f('settingsAudit.field.method'),
    route: f('settingsAudit.field.route'),
    status: f('settingsAudit.field.httpStatus'),
  },
  webhook: {
    url: f('webhooks.field.url'),
    description: f('webhooks.field.description'),
    events: f('webhooks.field.events', 'list'),
    enabled: f('webhooks.field.enabled', 'yesNo'),
    secret: f('webhooks.secret.title', 'changed'),
  },
  account: {
    username: f('settingsMore.account.username'),
    nickname: f('settingsMore.account.nickname'),
    accountType: f('settingsMore.account.accountType', 'accountType'),
    email: f('mailAddress.label'),
    casUser: f('settingsMore.account.casUser'),
    photo: f('settingsAudit.field.photo', 'image'),
    passwordUnsafe: f('settingsAudit.field.passwordUnsafe', 'yesNo'),
    mailSendFrq: f('notice.mailFrequency'),
    noticeByEmail: f('settingsAudit.field.noticeByEmail', 'alarms'),
    noticeByAlert: f('settingsAudit.field.noticeByAlert', 'alarms'),
    noticeByPush: f('settingsAudit.field.noticeByPush', 'alarms'),
  },
};

/** The field's label and value kind; null for a field no form shows (the page shows its name). */
export function fieldSpec(entity: string, field: string): FieldSpec | null {
  const own = Object.hasOwn(FIELDS, entity) ? FIELDS[entity as AuditEntity] : undefined;
  if (own && Object.hasOwn(own, field)) return own[field]!;
  return Object.hasOwn(SHARED, field) ? SHARED[field]! : null;
}
