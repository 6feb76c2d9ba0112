import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Organisation tree: distributor → company → station → tank; areas group a company's
 * stations. Rows below a distributor carry every ancestor key so scope filters are one
 * predicate, never a join chain.
 */
export const distributors = pgTable('distributors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  area: text('area'),
  country: text('country'),
  contactName: text('contact_name'),
  phone: text('phone'),
  position: text('position'),
  /** A data URL (image/png or image/jpeg, under 1 MB). */
  logo: text('logo'),
  /** The distributor's standard tank types (spec §3): [{code, oil, maxVolumeL, heightMm}]. */
  tankTypes: jsonb('tank_types').notNull().default(sql`'[]'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    /** 1: °C, 2: °F (spec §9: 1 or unset is °C). */
    tempUnit: smallint('temp_unit').notNull().default(1),
    /** 1: litres, 2: US gallons. */
    volumeUnit: smallint('volume_unit').notNull().default(1),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('companies_code_key').on(t.code), index('companies_distributor_idx').on(t.distributorId)],
);

export const areas = pgTable(
  'areas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('areas_company_idx').on(t.companyId)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    companyId: integer('company_id').references(() => companies.id),
    name: text('name').notNull(),
    shortName: text('short_name'),
    code: text('code').notNull(),
    /** 'gasoline' | 'diesel' */
    type: text('type').notNull(),
    color: text('color').notNull().default('#1677ff'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('products_code_key').on(t.code)],
);

export const stations = pgTable(
  'stations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    areaId: integer('area_id').references(() => areas.id),
    name: text('name').notNull(),
    code: text('code').notNull(),
    taxNumber: text('tax_number').notNull(),
    address: text('address'),
    phone: text('phone'),
    /** IANA name; day boundaries of reports are this zone's midnights. */
    timezone: text('timezone').notNull(),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    deviceIp: text('device_ip'),
    devicePort: integer('device_port'),
    serverIp: text('server_ip'),
    deviceType: text('device_type'),
    instrumentType: text('instrument_type'),
    /** SHA-256 of the device key; the key itself is shown once and never stored. */
    deviceKeyHash: text('device_key_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stations_code_key').on(t.code),
    index('stations_company_idx').on(t.companyId),
    index('stations_distributor_idx').on(t.distributorId),
  ],
);

export const tanks = pgTable(
  'tanks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id')
      .notNull()
      .references(() => distributors.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    code: text('code').notNull(),
    productId: integer('product_id').references(() => products.id),
    heightMm: doublePrecision('height_mm').notNull(),
    volumeL: doublePrecision('volume_l').notNull(),
    diameterMm: doublePrecision('diameter_mm'),
    probeAddress: text('probe_address'),
    oilOffsetMm: doublePrecision('oil_offset_mm').notNull().default(0),
    waterOffsetMm: doublePrecision('water_offset_mm').notNull().default(0),
    highOilWarnMm: doublePrecision('high_oil_warn_mm'),
    highOilAlarmMm: doublePrecision('high_oil_alarm_mm'),
    lowOilWarnMm: doublePrecision('low_oil_warn_mm'),
    lowOilAlarmMm: doublePrecision('low_oil_alarm_mm'),
    highWaterAlarmMm: doublePrecision('high_water_alarm_mm'),
    /** [{heightMm, volumeL}] sorted by height (packages/domain/src/strapping.ts). */
    strapping: jsonb('strapping').notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tanks_station_code_key').on(t.stationId, t.code), index('tanks_company_idx').on(t.companyId)],
);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    nickname: text('nickname').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** packages/domain/src/organisation.ts ACCOUNT_TYPES */
    accountType: smallint('account_type').notNull(),
    distributorId: integer('distributor_id').references(() => distributors.id),
    companyId: integer('company_id').references(() => companies.id),
    stationId: integer('station_id').references(() => stations.id),
    email: text('email'),
    casUser: text('cas_user'),
    photo: text('photo'),
    disabled: boolean('disabled').notNull().default(false),
    /** Set when the password breaks the rules or was reset; cleared by a password change. */
    passwordUnsafe: boolean('password_unsafe').notNull().default(false),
    /** Set by an administrator's reset: until the password is changed, only that is allowed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_username_key').on(sql`lower(${t.username})`)],
);

/** Sessions: the cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Verification codes, bound to the visitor by a cookie holding the id; used at most once. */
export const captchas = pgTable('captchas', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Failed sign-ins per key (`user:<name>` or `ip:<address>`), for the 5-failure lockout. */
export const loginFailures = pgTable('login_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** Who changed what in settings, and when (create, update, delete, status, password reset). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    /** {field: [before, after]} for updates; the created or deleted row otherwise. */
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/** Tags: the platform's small dictionary of key/value settings (spec §3), administrator-managed. */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    value: text('value').notNull(),
    type: text('type').notNull(),
    typeValue: text('type_value'),
    remark: text('remark'),
    disabled: boolean('disabled').notNull().default(false),
    creator: text('creator').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifier: text('modifier'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('tags_type_key_key').on(t.type, t.key)],
);
