import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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
    /** Leak-test threshold, L/h (issue 22, migration 0025). */
    leakThresholdLph: doublePrecision('leak_threshold_lph').notNull().default(0.76),
    /** Wetstock settings (issue 23, migration 0026). */
    ticketTolerancePct: doublePrecision('ticket_tolerance_pct').notNull().default(0.5),
    varianceAlarmPct: doublePrecision('variance_alarm_pct').notNull().default(1),
    varianceAlarmDays: integer('variance_alarm_days').notNull().default(3),
    runOutHorizonHours: integer('run_out_horizon_hours').notNull().default(24),
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
    /**
     * Veeder-Root TLS poller (issue 9), only for device type veeder-root-tls (null otherwise):
     * seconds between polls, 10..3600, null = the default 60; the console's optional security
     * code, 6 letters or digits, null = none. Rules: @ullage/domain/atg-settings.
     */
    atgPollSeconds: integer('atg_poll_seconds'),
    atgSecurityCode: text('atg_security_code'),
    /** SHA-256 of the device key; the key itself is shown once and never stored. */
    deviceKeyHash: text('device_key_hash'),
    /** The simulated fleet speaks for this station, with a key it is given at each start (seed/demo-fleet.ts); a person rotating the key takes it back. */
    simulated: boolean('simulated').notNull().default(false),
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
    /** Tilt along the length, degrees, positive when the probe's end is lower (domain/inventory.ts). */
    tiltDeg: doublePrecision('tilt_deg').notNull().default(0),
    /** The probe's distance from the tank's middle, mm. */
    probeOffsetMm: doublePrecision('probe_offset_mm').notNull().default(0),
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
    /** The language the user last used the app in (zh_CN, en, es, ar): their e-mails are written in it. */
    language: text('language'),
    photo: text('photo'),
    disabled: boolean('disabled').notNull().default(false),
    /** Set when the password breaks the rules or was reset; cleared by a password change. */
    passwordUnsafe: boolean('password_unsafe').notNull().default(false),
    /** Set by an administrator's reset: until the password is changed, only that is allowed. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** A service account's own row (issue 38): acts through API tokens, never signs in. */
    service: boolean('service').notNull().default(false),
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
    /** The CAS service ticket that opened the session: a replay is refused, and CAS single logout names it. */
    casTicket: text('cas_ticket'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_cas_ticket_key').on(t.casTicket)],
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

/**
 * The key of a record about one station (alarms, events, offline periods, deliveries) and the
 * organisation keys every scoped query filters on (modules/scope).
 */
function stationRecordColumns() {
  return {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id').notNull(),
    companyId: integer('company_id').notNull(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
  };
}

/** What a tank reading holds (SI units), in the readings and in each tank's latest state. */
function readingColumns() {
  return {
    /** Index into RECORD_TYPES of contracts/device.ts. */
    type: smallint('type').notNull(),
    productHeightMm: doublePrecision('product_height_mm').notNull(),
    waterHeightMm: doublePrecision('water_height_mm').notNull(),
    temperatureC: doublePrecision('temperature_c').notNull(),
    volumeL: doublePrecision('volume_l').notNull(),
    tcVolumeL: doublePrecision('tc_volume_l').notNull(),
    /** Null when unknown: none sent and no table to derive it from (inventory.ts, migration 0017). */
    waterVolumeL: doublePrecision('water_volume_l'),
    densityKgM3: doublePrecision('density_kg_m3'),
  };
}

/**
 * Telemetry (issue 4). Readings are the hot table: keyed by (tank, time) so a resent batch
 * cannot duplicate, written in batches with unnest (ingest/readings-repo.ts). No foreign keys
 * on it: a check per row would halve ingest, and tanks with readings are never deleted.
 * Values are SI: mm, litres, °C.
 */
export const tankReadings = pgTable(
  'tank_readings',
  {
    tankId: integer('tank_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    stationId: integer('station_id').notNull(),
    ...readingColumns(),
  },
  (t) => [primaryKey({ columns: [t.tankId, t.ts] })],
);

/** Each tank's newest reading, for the live pages; only ever moved forward in time. */
export const tankLatest = pgTable(
  'tank_latest',
  {
    tankId: integer('tank_id').primaryKey(),
    stationId: integer('station_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    ...readingColumns(),
    /**
     * Room left and how full, for the live pages. The readings do not keep them: they follow
     * from the volumes and the tank's capacity, and two columns fewer is a sixth less to write.
     */
    ullageL: doublePrecision('ullage_l').notNull(),
    fillPct: doublePrecision('fill_pct').notNull(),
  },
  // Home's overview sums each station's tanks (migration 0037).
  (t) => [index('tank_latest_station_idx').on(t.stationId)],
);

/** A station's contact with the server: online/offline and the device clock. */
export const stationStatus = pgTable('station_status', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id),
  /** Server time of the last batch received. Offline after 15 minutes without one. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  /** The newest reading's own time. */
  lastDataAt: timestamp('last_data_at', { withTimezone: true }),
  online: boolean('online').notNull().default(true),
  clockSkewS: integer('clock_skew_s'),
  clockFlagged: boolean('clock_flagged').notNull().default(false),
});

/** Each leak/gas sensor's current state. */
export const sensorLatest = pgTable(
  'sensor_latest',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    sensorNo: text('sensor_no').notNull(),
    type: text('type').notNull(),
    state: text('state').notNull(),
    code: smallint('code'),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stationId, t.sensorNo] })],
);

/**
 * Level and leak alarms (spec §3 codes). At most one active alarm per (station, kind, tank or
 * sensor, code): the partial unique index makes concurrent reports collapse into one.
 */
export const alarms = pgTable(
  'alarms',
  {
    ...stationRecordColumns(),
    /** 'level' | 'leak' */
    kind: text('kind').notNull(),
    tankId: integer('tank_id'),
    sensorNo: text('sensor_no'),
    code: smallint('code').notNull(),
    /** 'device' | 'server' */
    source: text('source').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    processed: boolean('processed').notNull().default(false),
    processedBy: integer('processed_by'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    note: text('note'),
    // Its place in the live feed, in commit order, is a row of alarm_feed written at commit (migrations 0023, 0030).
  },
  (t) => [
    uniqueIndex('alarms_one_active_key')
      .on(t.stationId, t.kind, sql`coalesce(${t.tankId}, 0)`, sql`coalesce(${t.sensorNo}, '')`, t.code)
      .where(sql`${t.endedAt} is null`),
    index('alarms_active_tank_idx').on(t.tankId).where(sql`${t.endedAt} is null`),
    index('alarms_station_started_idx').on(t.stationId, t.startedAt),
    index('alarms_company_started_idx').on(t.companyId, t.startedAt),
  ],
);

/** Power-off / power-on events with the inventory reported with them (open_close_report). */
export const deviceEvents = pgTable(
  'device_events',
  {
    ...stationRecordColumns(),
    type: text('type').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    /** [{tankId, tank, productHeightMm, waterHeightMm, temperatureC, volumeL, …}] */
    inventory: jsonb('inventory').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [uniqueIndex('device_events_station_type_ts_key').on(t.stationId, t.type, t.ts)],
);

/** A period a station was offline (spec §3 offline record); processing comes with reports. */
export const offlineRecords = pgTable(
  'offline_records',
  {
    ...stationRecordColumns(),
    /** The last contact before the silence. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** 'shutdown' | 'atg-fault' | 'human' | 'other', set when processed. */
    type: text('type'),
    handler: text('handler'),
    content: text('content'),
    processed: boolean('processed').notNull().default(false),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** The user who recorded the processing (handler is the person who dealt with it). */
    processedBy: integer('processed_by'),
  },
  (t) => [
    uniqueIndex('offline_records_one_open_key').on(t.stationId).where(sql`${t.endedAt} is null`),
    index('offline_records_company_started_idx').on(t.companyId, t.startedAt),
  ],
);

/**
 * Tanker deliveries found in the readings (packages/domain/src/delivery-detection.ts): open
 * while the level rises (ended_at null), closed once it settles. (tank, start) is unique, so
 * a resent batch finds the same delivery, not a second one.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    ...stationRecordColumns(),
    tankId: integer('tank_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    startVolumeL: doublePrecision('start_volume_l').notNull(),
    lastRiseAt: timestamp('last_rise_at', { withTimezone: true }).notNull(),
    endVolumeL: doublePrecision('end_volume_l').notNull(),
    /** Null while the tanker is still dropping. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /**
     * 'detected' (the level rose while nothing was sold) or 'device' (the gauge reported it,
     * e.g. a Veeder-Root console's delivery report). A device's record replaces the detected
     * one it overlaps: the gauge saw the drop itself.
     */
    source: text('source').notNull().default('detected'),
    /**
     * The figures at the start and end: what the device reported, or for a detected delivery
     * its start and end readings' (copied by the ingest when it saves the delivery, migration 0031).
     */
    startHeightMm: doublePrecision('start_height_mm'),
    endHeightMm: doublePrecision('end_height_mm'),
    startWaterHeightMm: doublePrecision('start_water_height_mm'),
    endWaterHeightMm: doublePrecision('end_water_height_mm'),
    startTemperatureC: doublePrecision('start_temperature_c'),
    endTemperatureC: doublePrecision('end_temperature_c'),
    startTcVolumeL: doublePrecision('start_tc_volume_l'),
    endTcVolumeL: doublePrecision('end_tc_volume_l'),
    /** The tanker's ticket (issue 23, migration 0026): 'user' or 'device'. */
    ticketVolumeL: doublePrecision('ticket_volume_l'),
    ticketTcVolumeL: doublePrecision('ticket_tc_volume_l'),
    ticketNo: text('ticket_no'),
    ticketSource: text('ticket_source'),
    ticketedAt: timestamp('ticketed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('deliveries_tank_start_key').on(t.tankId, t.startedAt),
    uniqueIndex('deliveries_one_open_key').on(t.tankId).where(sql`${t.endedAt} is null`),
    index('deliveries_company_started_idx').on(t.companyId, t.startedAt),
    index('deliveries_station_started_idx').on(t.stationId, t.startedAt),
    // A range of days over every tank: the administrator's and a distributor's lists (migration 0039).
    index('deliveries_started_idx').on(t.startedAt),
  ],
);

/** A user's alarm notification settings (spec §3); a user without a row has the defaults (domain/notice-settings.ts). */
export const userNoticeSettings = pgTable('user_notice_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mailSendFrq: smallint('mail_send_frq').notNull().default(30),
  /** [{type, remark, byEmail, byAlert}] — only what the user saved. */
  entries: jsonb('entries').notNull().default(sql`'[]'::jsonb`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Alarm e-mail digests (issue 5). A user's cursor says since when their alarms are mailed
 * (the moment e-mail was turned on, so no history floods in) and when the last digest went.
 */
export const mailCursors = pgTable('mail_cursors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  since: timestamp('since', { withTimezone: true }).notNull(),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
});

/** One e-mail: written once, then sent (and retried with backoff) until sent or given up. */
export const mailDigests = pgTable(
  'mail_digests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html').notNull(),
    alarmCount: integer('alarm_count').notNull(),
    /** 'pending' | 'sending' | 'sent' | 'failed' (packages/domain/src/mail-digest.ts) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_digests_due_idx').on(t.status, t.nextAttemptAt)],
);

/** Which alarms went to whom: the key makes "never mailed twice to the same user" a constraint. */
export const alarmMails = pgTable(
  'alarm_mails',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    digestId: bigint('digest_id', { mode: 'number' })
      .notNull()
      .references(() => mailDigests.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alarmId] })],
);

/**
 * Data jumps (spec §9 jump thresholds, alarm_record): two consecutive readings of a tank that
 * break a rule, found on ingest (ingest/jump-evaluator.ts, rules in domain/data-jumps.ts).
 * (tank, ts, rule) is unique so a resent batch finds the same jump.
 */
export const dataJumps = pgTable(
  'data_jumps',
  {
    ...stationRecordColumns(),
    tankId: integer('tank_id').notNull(),
    /** 'temperature' | 'height' | 'volume-without-height' | 'volume-to-zero' */
    rule: text('rule').notNull(),
    prevTs: timestamp('prev_ts', { withTimezone: true }).notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    prevProductHeightMm: doublePrecision('prev_product_height_mm').notNull(),
    productHeightMm: doublePrecision('product_height_mm').notNull(),
    prevTemperatureC: doublePrecision('prev_temperature_c').notNull(),
    temperatureC: doublePrecision('temperature_c').notNull(),
    prevVolumeL: doublePrecision('prev_volume_l').notNull(),
    volumeL: doublePrecision('volume_l').notNull(),
    /**
     * A spike (domain/data-jumps.ts jumpEvents): the next reading, which broke the rule back to
     * near the reading before the jump. Null while the jump has not come back.
     */
    backTs: timestamp('back_ts', { withTimezone: true }),
    backProductHeightMm: doublePrecision('back_product_height_mm'),
    backTemperatureC: doublePrecision('back_temperature_c'),
    backVolumeL: doublePrecision('back_volume_l'),
  },
  (t) => [
    uniqueIndex('data_jumps_tank_ts_rule_key').on(t.tankId, t.ts, t.rule),
    index('data_jumps_company_ts_idx').on(t.companyId, t.ts),
    index('data_jumps_station_ts_idx').on(t.stationId, t.ts),
  ],
);

/**
 * A station's shifts (sales per shift): each starts at a wall time of the station's zone and
 * runs until the next one starts; the last runs past midnight to the first. A station without
 * rows has one shift, the whole day from 00:00.
 */
export const stationShifts = pgTable(
  'station_shifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Minutes after the station's local midnight, 0..1439. */
    startMinute: smallint('start_minute').notNull(),
  },
  (t) => [uniqueIndex('station_shifts_station_start_key').on(t.stationId, t.startMinute)],
);

/**
 * Which server instance polls a Veeder-Root console (issue 9; DESIGN §7: several instances run
 * against one database). A console wants one client: an instance polls only while it holds the
 * station's lease, renews it every round, and another takes over once it has expired.
 */
export const atgLeases = pgTable('atg_leases', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Which server instance runs each periodic job (issue 21; jobs/periodic-jobs.ts): session cleanup,
 * the offline sweep, mail digests, device-command timeouts run on the lease holder only.
 */
export const jobLeases = pgTable('job_leases', {
  job: text('job').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Device upgrade files (issue 7; spec §3 "device upgrade file"): the bytes live under
 * DATA_DIR/files/firmware, named by their SHA-256. A file belongs to the organisation that
 * uploaded it: the administrator's (no keys) serve every station, a distributor's its
 * companies' stations, a company's its own. Versions are unique per owner and device type.
 */
export const deviceFirmware = pgTable(
  'device_firmware',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    distributorId: integer('distributor_id').references(() => distributors.id),
    companyId: integer('company_id').references(() => companies.id),
    fileName: text('file_name').notNull(),
    deviceType: text('device_type').notNull(),
    /** Exactly 8 digits (packages/domain/src/firmware.ts). */
    version: text('version').notNull(),
    description: text('description'),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The file's name in the file store (`<sha256>.<bin|exe>`). */
    storedName: text('stored_name').notNull(),
    /** The authorisation period; both null: authorised indefinitely. */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedByName: text('uploaded_by_name').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('device_firmware_version_key').on(sql`coalesce(${t.distributorId}, 0)`, sql`coalesce(${t.companyId}, 0)`, t.deviceType, t.version)],
);

/**
 * Commands to a station's device (issue 7; spec §4): parameters of a tank (thresholds,
 * height-volume table, tilt), the device clock, a firmware upgrade. State issuing → success /
 * failed (the device refused, `reason`) / cancelled (by a user or the timeout, `ended_by`);
 * rules in packages/domain/src/device-commands.ts. At most one command of a kind is issuing
 * per station and tank: the partial unique index makes a second one a conflict.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    ...stationRecordColumns(),
    /** Null for station-wide kinds (clock, firmware), or once the tank is removed. */
    tankId: integer('tank_id').references(() => tanks.id, { onDelete: 'set null' }),
    /** The tank's code when issued: the history keeps naming it. */
    tankCode: text('tank_code'),
    /** packages/domain/src/device-commands.ts COMMAND_KINDS */
    kind: text('kind').notNull(),
    /** What is sent to the device: the params of its kind (contracts/device.ts commandParams). */
    params: jsonb('params').notNull(),
    /** 'issuing' | 'success' | 'failed' | 'cancelled' */
    state: text('state').notNull().default('issuing'),
    /** The device's reason for refusing. */
    reason: text('reason'),
    /** 'device' | 'user' | 'timeout', once ended. */
    endedBy: text('ended_by'),
    /** Per cent done as the device last reported (upgrades). */
    progress: smallint('progress'),
    firmwareId: integer('firmware_id').references(() => deviceFirmware.id),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    issuedByName: text('issued_by_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** When it is cancelled if the device has not answered. */
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    /** When it was last handed to the device (MQTT publish, or an HTTP answer). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledByName: text('cancelled_by_name'),
  },
  (t) => [
    uniqueIndex('device_commands_one_issuing_key').on(t.stationId, t.kind, sql`coalesce(${t.tankId}, 0)`).where(sql`${t.state} = 'issuing'`),
    index('device_commands_deadline_idx').on(t.deadlineAt).where(sql`${t.state} = 'issuing'`),
    index('device_commands_station_issued_idx').on(t.stationId, t.issuedAt),
    index('device_commands_company_issued_idx').on(t.companyId, t.issuedAt),
    index('device_commands_firmware_idx').on(t.firmwareId),
  ],
);

/** What a station's device last told about itself in a command answer (base info). */
export const stationDevices = pgTable('station_devices', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  firmwareVersion: text('firmware_version'),
  serverHost: text('server_host'),
  serverPort: integer('server_port'),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
});

/**
 * Live bus messages too large for a PostgreSQL NOTIFY (8000 bytes): stored here, their id sent
 * instead, read back by the listening instances (live/bus-postgres.ts), deleted after 10 minutes.
 */
export const liveBusPayloads = pgTable(
  'live_bus_payloads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    payload: text('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_bus_payloads_created_at_idx').on(t.createdAt)],
);

/**
 * Tank-day books (issue 21, migration 0021; domain tank-day-books.ts): what one tank's readings
 * give for one station day — first and last reading, gaps — for the daily and monthly reports.
 * The day's bounds are those it was figured for: a station whose zone changed gets its books
 * figured again. Stale rows (and rows the ingest inserted as bare marks) are figured live.
 */
export const tankDayBooks = pgTable(
  'tank_day_books',
  {
    tankId: integer('tank_id')
      .notNull()
      .references(() => tanks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    stale: boolean('stale').notNull(),
    version: integer('version').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    firstTs: timestamp('first_ts', { withTimezone: true }),
    firstVolumeL: doublePrecision('first_volume_l'),
    firstHeightMm: doublePrecision('first_height_mm'),
    firstWaterMm: doublePrecision('first_water_mm'),
    firstTemperatureC: doublePrecision('first_temperature_c'),
    lastTs: timestamp('last_ts', { withTimezone: true }),
    lastVolumeL: doublePrecision('last_volume_l'),
    lastHeightMm: doublePrecision('last_height_mm'),
    lastWaterMm: doublePrecision('last_water_mm'),
    lastTemperatureC: doublePrecision('last_temperature_c'),
    /** Every gap of the day, [fromMs, toMs] (daily-inventory.ts gapsOfDay). */
    gaps: jsonb('gaps').$type<[number, number][]>(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /**
     * The tank's own metered sales ('t<id>') over (sold_from, sold_to], the day's opening to
     * closing reading (migration 0027): what the reconciliation sums for the day. Null: not summed.
     */
    soldFrom: timestamp('sold_from', { withTimezone: true }),
    soldTo: timestamp('sold_to', { withTimezone: true }),
    soldL: doublePrecision('sold_l'),
    soldTcL: doublePrecision('sold_tc_l'),
    soldGrossWithoutTcL: doublePrecision('sold_gross_without_tc_l'),
    /**
     * What the tank's own meters sold during each metered drop of the day, [startedAtMs, fromMs,
     * toMs, salesL] (migration 0036; reconciliation/sales-during.ts). Null: not kept.
     */
    drops: jsonb('drops').$type<[number, number, number, number][]>(),
  },
  (t) => [
    primaryKey({ columns: [t.tankId, t.day], name: 'tank_day_books_pkey' }),
    index('tank_day_books_stale_idx').on(t.endsAt).where(sql`${t.stale}`),
    // The leak-test job's look for books written since its last (migration 0038).
    index('tank_day_books_booked_idx').on(t.bookedAt),
  ],
);

/**
 * Leak tests (issue 22, migration 0025; domain leak-detection.ts): each tank day's quiet
 * periods, figured after the day's book, and each tank's current test.
 */
export const tankLeakDays = pgTable(
  'tank_leak_days',
  {
    tankId: integer('tank_id')
      .notNull()
      .references(() => tanks.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    bookVersion: integer('book_version').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** [[startMs, endMs, n, rateLph, seLph], …] */
    periods: jsonb('periods').$type<[number, number, number, number, number][]>().notNull(),
    figuredAt: timestamp('figured_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tankId, t.day], name: 'tank_leak_days_pkey' })],
);

export const tankLeakStatus = pgTable('tank_leak_status', {
  tankId: integer('tank_id')
    .primaryKey()
    .references(() => tanks.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  result: text('result').notNull(),
  reason: text('reason').notNull(),
  leakRateLph: doublePrecision('leak_rate_lph'),
  mdlLph: doublePrecision('mdl_lph'),
  thresholdLph: doublePrecision('threshold_lph').notNull(),
  quietHours: doublePrecision('quiet_hours').notNull(),
  quietPeriods: integer('quiet_periods').notNull(),
  evaluatedAt: timestamp('evaluated_at', { withTimezone: true }).notNull(),
});

// --- API tokens and service accounts (issue 38) ---

/** A machine's account of an organisation; its users row carries the organisation and the role. */
export const serviceAccounts = pgTable('service_accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A service account's tokens: only the SHA-256 of each is kept, and its first characters to tell it apart. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    serviceAccountId: integer('service_account_id')
      .notNull()
      .references(() => serviceAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    /** packages/domain/src/api-scopes.ts API_SCOPES */
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_service_account_idx').on(t.serviceAccountId)],
);

// --- webhooks (issue 38) ---

/** An organisation's webhook endpoint (migration 0033): both keys null for the administrator's, company_id null for a distributor's. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  distributorId: integer('distributor_id').references(() => distributors.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  /** `whsec_…`, kept so the server can sign; shown once by the API. */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Why the server disabled it ('failing'); null when enabled or disabled by a person. */
  disabledReason: text('disabled_reason'),
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The outbox: one row per event some endpoint hears, written in the transaction that caused it. */
export const webhookEvents = pgTable('webhook_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  uid: uuid('uid').notNull().defaultRandom().unique(),
  distributorId: integer('distributor_id'),
  companyId: integer('company_id'),
  stationId: integer('station_id'),
  type: text('type').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  /** The facts, in SI units (…L litres, …C degrees Celsius). */
  data: jsonb('data').notNull(),
  /** The station's name, code and zone and the company's units when it happened. */
  context: jsonb('context').notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event to one endpoint: its attempts and when the next is due. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** 'pending' | 'failed' (a retry due) | 'succeeded' | 'gave_up' */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** Given up after this (the first attempt's time + 24 h); null before the first attempt. */
    retryUntil: timestamp('retry_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    durationMs: integer('duration_ms'),
    responseExcerpt: text('response_excerpt'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_deliveries_event_endpoint_key').on(t.eventId, t.endpointId)],
);

// --- web push (issue 38) ---

/** The server's VAPID key pair (migration 0034): one row, made by the first instance to start, shared by all. */
export const pushKeys = pgTable('push_keys', {
  id: smallint('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** How far along the alarm feed notifications were sent (one row; moved by compare-and-set). */
export const pushProgress = pgTable('push_progress', {
  id: smallint('id').primaryKey().default(1),
  sentUpTo: bigint('sent_up_to', { mode: 'number' }).notNull(),
});

/** A browser's push subscription of one user; the endpoint is unique (one browser profile, one subscriber). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** "Chrome · Android", from the User-Agent when it subscribed. */
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lastFailure: text('last_failure'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);
