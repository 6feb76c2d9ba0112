import type { FastifyBaseLogger } from 'fastify';
import { CODES } from '@ullage/contracts/codes';
import { deviceCommand, deviceCommandAck, mqttCommandTopic, type DeviceCommand, type DeviceCommandAckResult } from '@ullage/contracts/device';
import type {
  ClockInput,
  CommandListQuery,
  CommandRow,
  DeviceOverview,
  FirmwareIssueInput,
  FirmwareUploadQuery,
  StrappingInput,
  ThresholdsInput,
  TiltInput,
} from '@ullage/contracts/device-commands';
import { clockProblems, commandDeadline, deviceClockNow, deviceTakesCommands, isTankCommand, nextCommandState, tiltProblems, type CommandKind, type CommandState } from '@ullage/domain/device-commands';
import { FIRMWARE_MAX_BYTES, firmwareExtension, isAuthorised, isFirmwareVersion, periodProblems } from '@ullage/domain/firmware';
import { clockSkew } from '@ullage/domain/station-status';
import { unstorableTextPath } from '@ullage/domain/storable-text';
import { readStrappingGrid, strappingTableProblems, type ImportProblem } from '@ullage/domain/strapping-import';
import { thresholdProblems } from '@ullage/domain/tank-rules';
import { isSafeFileName } from '@ullage/domain/validation';
import type { Db } from '../../db/client';
import type { MessageKey } from '../../i18n/en';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, assertValid, forbidden, notFound, ValidationError, type FieldRule } from '../../plugins/errors';
import type { AuthUser } from '../../sessions/auth-user';
import type { DeviceStations, IngestStation } from '../ingest/device-stations';
import { userMay } from '../scope/manage';
import { scopeOf } from '../scope/scope';
import type { LiveBus } from '../../live/bus';
import { TickBatcher } from '../../lib/tick-batcher';
import { stationChanged } from '../station/changes';
import { FirmwareStore } from './firmware-store';
import * as repo from './repo';
import { importTypeOf, templateHeaders } from './strapping-file';
import { readImportGrid } from './import-reader';
import { recordEvent, recordEvents, type StationEvent } from '../webhooks/service';

/** Publishes on the MQTT broker the server uses (modules/ingest/mqtt.ts MqttService.publish). */
export type CommandPublisher = (topic: string, payload: string) => Promise<void>;

/** What the MQTT transport calls (modules/ingest/mqtt.ts). */
export interface MqttCommandHooks {
  /**
   * A device answered on its command ack topic. `authenticated` is true on the embedded broker
   * (the connection is the station's); on an external broker the answer carries `deviceKey`.
   * True when the answer was taken (whether or not it changed the command), false when it was
   * refused (unreadable, a wrong key, malformed); throws on a server error.
   */
  onAck(stationCode: string, payload: Buffer, authenticated: boolean): Promise<boolean>;
  /** A device subscribed to its command topic: hand it what is waiting. */
  onSubscribe(stationCode: string): void;
}

export class DeviceRefusedKey extends Error {}

const busy = () => new AppError(CODES.conflict, 'deviceParams.commandBusy');
const rule = (name: string) => `rule.${name}` as MessageKey;

/**
 * Device parameter management (issue 7): commands to stations' devices and their lifecycle,
 * firmware files, the height-volume import. Access first (the station in the caller's scope,
 * then the right to manage it), then the rules, then the repo.
 */
export class DeviceCommands {
  readonly firmwareFiles: FirmwareStore;
  private mqtt: CommandPublisher | null = null;

  constructor(private readonly deps: { db: Db; bus: LiveBus; clock: () => Date; logger: FastifyBaseLogger; dataDir: string; stations: DeviceStations }) {
    this.firmwareFiles = new FirmwareStore(deps.dataDir);
  }

  // ---------- access ----------

  /** Stations the caller may see, all of them, or 80001. */
  private async visibleStations(user: AuthUser, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await repo.findStations(this.deps.db, scopeOf(user), unique);
    if (found.length !== unique.length) throw notFound();
    return unique.map((id) => found.find((s) => s.id === id)!);
  }

  /**
   * Stations the caller may issue commands to: visible (80001), taking commands (91011). The
   * routes take `device:command` (roles.ts): a role without it never gets here (80003).
   */
  private async commandableStations(user: AuthUser, ids: number[], field = 'stationId') {
    const found = await this.visibleStations(user, ids);
    assertValid(found.flatMap((s, i) => (deviceTakesCommands(s.deviceType) ? [] : [{ field: ids.length > 1 ? `${field}.${i}` : field, rule: rule('noCommands') }])));
    return found;
  }

  private async tankOf(user: AuthUser, stationId: number, tankId: number) {
    const [station] = await this.commandableStations(user, [stationId]);
    const tank = (await repo.stationTanks(this.deps.db, stationId)).find((t) => t.id === tankId);
    if (!tank) assertValid([{ field: 'tankId', rule: rule('unknownTank') }]);
    return { station: station!, tank: tank! };
  }

  // ---------- reading ----------

  async overview(user: AuthUser, stationId: number): Promise<DeviceOverview> {
    const [station] = await this.visibleStations(user, [stationId]);
    const { db, clock } = this.deps;
    const now = clock();
    const [{ status, device }, tanks] = await Promise.all([repo.stationContact(db, stationId), repo.stationTanks(db, stationId)]);
    // The station is in scope: issuing to it is the role table's to say.
    const canManage = userMay(user, 'device:command');
    const { distributorId: _d, companyId: _c, ...identity } = station!;
    return {
      station: identity,
      device: { firmwareVersion: device?.firmwareVersion ?? null, serverHost: device?.serverHost ?? null, serverPort: device?.serverPort ?? null, reportedAt: device?.reportedAt.toISOString() ?? null },
      contact: {
        lastSeenAt: status?.lastSeenAt.toISOString() ?? null,
        lastDataAt: status?.lastDataAt?.toISOString() ?? null,
        online: status?.online ?? false,
        clockSkewSeconds: status?.clockSkewS ?? null,
        clockFlagged: status?.clockFlagged ?? false,
        deviceTime: deviceClockNow(now, status?.clockSkewS)?.toISOString() ?? null,
      },
      serverTime: now.toISOString(),
      takesCommands: deviceTakesCommands(station!.deviceType),
      canManage,
      tanks,
    };
  }

  list(user: AuthUser, query: CommandListQuery) {
    return repo.listCommands(this.deps.db, scopeOf(user), query);
  }

  // ---------- issuing ----------

  async issueThresholds(user: AuthUser, input: ThresholdsInput): Promise<CommandRow> {
    const { station, tank } = await this.tankOf(user, input.stationId, input.tankId);
    const { stationId: _s, tankId: _t, ...thresholds } = input;
    assertValid(thresholdProblems({ ...thresholds, heightMm: tank.heightMm, volumeL: tank.volumeL }).map((p) => ({ field: p.field, rule: rule(p.rule) })));
    return this.issueOne(user, station, tank, 'thresholds', { tank: tank.code, ...thresholds });
  }

  async issueStrapping(user: AuthUser, input: StrappingInput): Promise<CommandRow> {
    const { station, tank } = await this.tankOf(user, input.stationId, input.tankId);
    assertValid(strappingTableProblems(input.points, tank).map((p) => ({ field: p.index === null ? 'points' : `points.${p.index}.${p.column}`, rule: rule(p.rule) })));
    return this.issueOne(user, station, tank, 'strapping', { tank: tank.code, points: input.points });
  }

  async issueTilt(user: AuthUser, input: TiltInput): Promise<CommandRow> {
    const { station, tank } = await this.tankOf(user, input.stationId, input.tankId);
    assertValid(tiltProblems(input).map((p) => ({ field: p.field, rule: p.rule === 'range' ? 'rule.range' : 'rule.decimals', ...(p.params ? { params: p.params } : {}) })));
    return this.issueOne(user, station, tank, 'tilt', { tank: tank.code, tiltDeg: input.tiltDeg, probeOffsetMm: input.probeOffsetMm });
  }

  async issueClock(user: AuthUser, input: ClockInput): Promise<CommandRow> {
    const [station] = await this.commandableStations(user, [input.stationId]);
    const now = this.deps.clock();
    if (input.mode === 'set') {
      if (!input.time) assertValid([{ field: 'time', rule: 'rule.required' }]);
      assertValid(clockProblems(new Date(input.time!), now).map((p) => ({ field: p.field, rule: rule('clockRange') })));
    }
    // For sync the time is the server's at the moment the device takes the command (messageOf).
    return this.issueOne(user, station!, null, 'clock', { mode: input.mode, time: input.mode === 'set' ? new Date(input.time!).toISOString() : now.toISOString() });
  }

  async issueFirmware(user: AuthUser, input: FirmwareIssueInput): Promise<CommandRow[]> {
    const firmware = await repo.findFirmware(this.deps.db, scopeOf(user), input.firmwareId);
    if (!firmware) throw notFound();
    const stations = await this.commandableStations(user, input.stationIds, 'stationIds');
    const now = this.deps.clock();
    const problems: FieldRule[] = [];
    if (!isAuthorised(firmware, now)) problems.push({ field: 'firmwareId', rule: rule('firmwareNotAuthorised') });
    stations.forEach((s, i) => {
      // A file serves the stations of the organisation that owns it, of its device type.
      const owned = (firmware.distributorId === null || firmware.distributorId === s.distributorId) && (firmware.companyId === null || firmware.companyId === s.companyId);
      if (!owned) problems.push({ field: `stationIds.${i}`, rule: rule('firmwareNotForStation') });
      else if (s.deviceType !== firmware.deviceType) problems.push({ field: `stationIds.${i}`, rule: rule('deviceTypeMismatch'), params: { deviceType: firmware.deviceType } });
    });
    assertValid(problems);
    const ids = await this.insert(
      user,
      stations.map((s) => ({
        station: s,
        tank: null,
        kind: 'firmware' as const,
        firmwareId: firmware.id,
        params: {
          firmwareId: firmware.id,
          version: firmware.version,
          deviceType: firmware.deviceType,
          fileName: firmware.fileName,
          sizeBytes: firmware.sizeBytes,
          sha256: firmware.sha256,
          // Filled in per command (the download names the command): see messageOf.
          url: '',
        },
      })),
    );
    return repo.findCommands(this.deps.db, scopeOf(user), ids);
  }

  private async issueOne(user: AuthUser, station: repo.CommandStation, tank: { id: number; code: string } | null, kind: CommandKind, params: Record<string, unknown>): Promise<CommandRow> {
    const [id] = await this.insert(user, [{ station, tank, kind, params, firmwareId: null }]);
    return (await repo.findCommands(this.deps.db, scopeOf(user), [id!]))[0]!;
  }

  private async insert(user: AuthUser, items: { station: repo.CommandStation; tank: { id: number; code: string } | null; kind: CommandKind; params: Record<string, unknown>; firmwareId: number | null }[]): Promise<number[]> {
    const now = this.deps.clock();
    let ids: number[];
    try {
      ids = await repo.insertCommands(
        this.deps.db,
        items.map(({ station, tank, kind, params, firmwareId }) => ({
          distributorId: station.distributorId,
          companyId: station.companyId,
          stationId: station.id,
          tankId: tank?.id ?? null,
          tankCode: tank?.code ?? null,
          kind,
          params,
          firmwareId,
          issuedBy: user.id,
          issuedByName: user.username,
          issuedAt: now,
          deadlineAt: commandDeadline(kind, now),
        })),
      );
    } catch (error) {
      // One of the same kind is still issuing for that station and tank (the partial unique index).
      if (isUniqueViolation(error)) throw busy();
      throw error;
    }
    for (const code of new Set(items.map((i) => i.station.code))) this.pushOverMqtt(code);
    return ids;
  }

  async cancel(user: AuthUser, id: number): Promise<CommandRow> {
    const [command] = await repo.findCommands(this.deps.db, scopeOf(user), [id]);
    if (!command) throw notFound();
    await this.commandableStations(user, [command.stationId]);
    const ended = await repo.endCommand(this.deps.db, id, { state: 'cancelled', endedBy: 'user', endedAt: this.deps.clock(), cancelledBy: user.id, cancelledByName: user.username });
    if (!ended) assertValid([{ field: 'id', rule: rule('commandEnded') }]);
    return (await repo.findCommands(this.deps.db, scopeOf(user), [id]))[0]!;
  }

  /** Issuing commands whose device did not answer in time are cancelled; a periodic job (jobs/), every half minute. */
  async sweep(): Promise<number> {
    // Timed out is failed to a webhook (issue 38); the events commit with the cancellation.
    const cancelled = await this.deps.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const rows = await repo.cancelOverdue(t, this.deps.clock());
      await recordEvents(t, rows.map((row) => commandEvent(row, 'device_command.failed')));
      return rows;
    });
    if (cancelled.length > 0) this.deps.logger.info({ commands: cancelled.map((c) => c.id) }, 'device commands cancelled: no answer in time');
    return cancelled.length;
  }

  // ---------- the device side ----------

  /** The protocol message of a stored command, as handed over `now`. */
  private messageOf(row: repo.StoredCommand, stationCode: string, now: Date): DeviceCommand {
    const params = { ...(row.params as Record<string, unknown>) };
    if (row.kind === 'clock' && params.mode === 'sync') params.time = now.toISOString();
    if (row.kind === 'firmware') params.url = `/api/device/v1/stations/${encodeURIComponent(stationCode)}/firmware/${row.id}`;
    return deviceCommand.parse({ id: row.id, kind: row.kind, issuedAt: row.issuedAt.toISOString(), expiresAt: row.deadlineAt.toISOString(), params });
  }

  /** Every command still issuing for the station, marked handed over now; a device recognises repeats by id. */
  async pendingFor(station: { id: number; code: string }): Promise<DeviceCommand[]> {
    const now = this.deps.clock();
    const rows = await repo.issuingOfStation(this.deps.db, station.id);
    if (rows.length === 0) return [];
    await repo.markDelivered(this.deps.db, rows.map((r) => r.id), now);
    return rows.map((r) => this.messageOf(r, station.code, now));
  }

  /**
   * For the answer to an HTTP report (modules/ingest/routes.ts): the station is already
   * authenticated. Reports answered in one turn of the event loop (one group commit) share one
   * query; nearly always nothing waits, and then nothing more is asked.
   */
  async forReport(stationCode: string): Promise<DeviceCommand[]> {
    const station = await this.deps.stations.byCode(stationCode);
    if (!station) return [];
    const rows = await this.issuing.load(station.id);
    if (rows.length === 0) return [];
    const now = this.deps.clock();
    await repo.markDelivered(this.deps.db, rows.map((r) => r.id), now);
    return rows.map((r) => this.messageOf(r, station.code, now));
  }

  private readonly issuing = new TickBatcher<number, repo.StoredCommand[]>(async (stationIds) => {
    const byStation = new Map<number, repo.StoredCommand[]>();
    for (const row of await repo.issuingOfStations(this.deps.db, stationIds)) byStation.set(row.stationId, [...(byStation.get(row.stationId) ?? []), row]);
    return byStation;
  }, []);

  async authenticate(stationCode: string, deviceKey: string | undefined): Promise<IngestStation> {
    const station = await this.deps.stations.authenticate(stationCode, deviceKey);
    if (!station) throw new DeviceRefusedKey();
    return station;
  }

  /** A device's answer to a command (HTTP or MQTT). */
  async acknowledge(station: { id: number; code: string }, body: unknown): Promise<DeviceCommandAckResult> {
    // Over HTTP the request hook has refused such text already; over MQTT this is the one check (a NUL in `reason` failed the write).
    const badText = unstorableTextPath(body);
    if (badText) throw new ValidationError([{ field: badText.join('.') || 'request', rule: 'rule.storableText' }]);
    const parsed = deviceCommandAck.safeParse(body);
    if (!parsed.success) {
      throw new ValidationError(parsed.error.issues.map((issue) => ({ field: issue.path.join('.') || 'request', rule: issue.code === 'invalid_type' && issue.input === undefined ? 'rule.required' : 'rule.invalid' })));
    }
    const ack = parsed.data;
    const { db, clock } = this.deps;
    const now = clock();
    const command = await repo.commandOfStation(db, station.id, ack.id);
    if (!command) throw notFound();
    if (ack.device) {
      await repo.saveDeviceReport(db, station.id, ack.device, now);
      if (ack.device.time) {
        const skew = clockSkew(new Date(ack.device.time), now);
        await repo.saveClockSkew(db, station.id, skew.skewSeconds, skew.flagged);
      }
    }
    const state = command.state as CommandState;
    const event = ack.status === 'success' ? { type: 'acknowledged' as const } : ack.status === 'failed' ? { type: 'refused' as const } : { type: 'progress' as const };
    const next = nextCommandState(state, event);
    if (next === null) return { id: command.id, state, applied: false };
    if (next === 'issuing') {
      if (ack.progress !== undefined) await repo.setProgress(db, command.id, ack.progress);
      return { id: command.id, state: 'issuing', applied: true };
    }
    const ended = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const row = await repo.endCommand(t, command.id, {
        state: next,
        endedBy: 'device',
        endedAt: now,
        reason: next === 'failed' ? (ack.reason || null) : null,
        ...(next === 'success' ? { progress: 100 } : ack.progress !== undefined ? { progress: ack.progress } : {}),
      });
      if (row && next === 'success') await this.applySuccess(t, row, ack.device?.firmwareVersion, now);
      if (row) await recordEvent(t, commandEvent(row, next === 'success' ? 'device_command.succeeded' : 'device_command.failed'));
      return row;
    });
    if (!ended) {
      // Another answer or a cancel ended it first.
      const [current] = await repo.findCommands(db, { kind: 'all' }, [command.id]);
      return { id: command.id, state: current?.state ?? state, applied: false };
    }
    if (next === 'success' && isTankCommand(command.kind as CommandKind)) stationChanged(this.deps.bus, station.id);
    return { id: command.id, state: next, applied: true };
  }

  /** What the device now has, the server keeps: the tank's parameters, or the firmware version. */
  private async applySuccess(db: Db, row: repo.StoredCommand, reportedVersion: string | undefined, now: Date) {
    const params = row.params as Record<string, unknown>;
    const tank = row.tankId;
    switch (row.kind as CommandKind) {
      case 'thresholds':
        if (tank !== null) {
          const { highOilAlarmMm, highOilWarnMm, lowOilWarnMm, lowOilAlarmMm, highWaterAlarmMm } = params as Record<string, number | null>;
          await repo.applyToTank(db, tank, row.stationId, { highOilAlarmMm, highOilWarnMm, lowOilWarnMm, lowOilAlarmMm, highWaterAlarmMm });
        }
        return;
      case 'strapping':
        if (tank !== null) await repo.applyToTank(db, tank, row.stationId, { strapping: params.points });
        return;
      case 'tilt':
        if (tank !== null) await repo.applyToTank(db, tank, row.stationId, { tiltDeg: params.tiltDeg as number, probeOffsetMm: params.probeOffsetMm as number });
        return;
      case 'firmware':
        await repo.saveDeviceReport(db, row.stationId, { firmwareVersion: reportedVersion ?? (params.version as string) }, now);
        return;
      case 'clock':
        // The clock's new reading comes with the answer (device.time) or the next report's sentAt.
        return;
    }
  }

  /** The firmware file a device was told to take (by the command that names it), while that command is issuing. */
  async firmwareForDevice(station: { id: number }, commandId: number) {
    const command = await repo.commandOfStation(this.deps.db, station.id, commandId);
    if (!command || command.kind !== 'firmware' || command.state !== 'issuing' || command.firmwareId === null) throw notFound();
    const firmware = await repo.firmwareById(this.deps.db, command.firmwareId);
    if (!firmware) throw notFound();
    if (!isAuthorised(firmware, this.deps.clock())) throw new AppError(CODES.forbidden, 'deviceParams.firmwareNotAuthorised');
    const file = await this.firmwareFiles.open(firmware.storedName);
    if (!file) throw notFound();
    return { ...file, firmware };
  }

  // ---------- MQTT ----------

  /** The broker to hand commands over on (main.ts, once MQTT is started); null: none. */
  attachMqtt(publish: CommandPublisher | null): void {
    this.mqtt = publish;
  }

  mqttHooks(): MqttCommandHooks {
    return {
      onAck: async (stationCode, payload, authenticated) => {
        let body: unknown;
        try {
          body = JSON.parse(payload.toString('utf8'));
        } catch {
          this.deps.logger.info({ station: stationCode }, 'unreadable command answer over MQTT');
          return false;
        }
        try {
          const station = authenticated ? await this.deps.stations.byCode(stationCode) : await this.authenticate(stationCode, (body as { deviceKey?: string } | null)?.deviceKey);
          if (!station) return false;
          await this.acknowledge(station, body);
          return true;
        } catch (error) {
          // A malformed or foreign answer is the device's problem, not a reason to drop its connection.
          if (error instanceof AppError || error instanceof DeviceRefusedKey) {
            this.deps.logger.info({ station: stationCode, err: error }, 'command answer over MQTT refused');
            return false;
          }
          throw error;
        }
      },
      onSubscribe: (stationCode) => this.pushOverMqtt(stationCode),
    };
  }

  /** Publishes the station's issuing commands on its command topic (QoS 1), when there is a broker. */
  private pushOverMqtt(stationCode: string): void {
    const mqtt = this.mqtt;
    if (!mqtt) return;
    (async () => {
      const station = await this.deps.stations.byCode(stationCode);
      if (!station) return;
      for (const message of await this.pendingFor(station)) await mqtt(mqttCommandTopic(station.code), JSON.stringify(message));
    })().catch((error: unknown) => this.deps.logger.warn({ err: error, station: stationCode }, 'publishing device commands failed'));
  }

  // ---------- firmware files ----------

  /** Firmware files: the routes take `device:command` (roles.ts). */
  async uploadFirmware(user: AuthUser, meta: FirmwareUploadQuery, bytes: Buffer) {
    const validFrom = meta.validFrom ? new Date(meta.validFrom) : null;
    const validTo = meta.validTo ? new Date(meta.validTo) : null;
    const problems: FieldRule[] = [];
    const extension = firmwareExtension(meta.fileName);
    if (!extension) problems.push({ field: 'fileName', rule: rule('firmwareFile') });
    else if (!isSafeFileName(meta.fileName)) problems.push({ field: 'fileName', rule: 'rule.fileName' });
    if (!isFirmwareVersion(meta.version)) problems.push({ field: 'version', rule: rule('firmwareVersion') });
    for (const p of periodProblems({ validFrom, validTo })) problems.push({ field: p.field, rule: p.rule === 'required' ? 'rule.required' : rule('afterStart') });
    if (bytes.length === 0) problems.push({ field: 'file', rule: 'rule.required' });
    else if (bytes.length > FIRMWARE_MAX_BYTES) problems.push({ field: 'file', rule: rule('fileTooLarge'), params: { max: FIRMWARE_MAX_BYTES / 1024 / 1024 } });
    assertValid(problems);
    const { storedName, sha256 } = await this.firmwareFiles.put(bytes, extension!);
    const owner = await this.ownerOf(user);
    try {
      const id = await repo.insertFirmware(this.deps.db, {
        ...owner,
        fileName: meta.fileName.normalize('NFC'),
        deviceType: meta.deviceType,
        version: meta.version,
        description: meta.description || null,
        sizeBytes: bytes.length,
        sha256,
        storedName,
        validFrom,
        validTo,
        uploadedBy: user.id,
        uploadedByName: user.username,
        uploadedAt: this.deps.clock(),
      });
      return (await this.listFirmware(user, { page: 1, pageSize: 200 })).list.find((f) => f.id === id)!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(CODES.conflict, 'deviceParams.versionExists', {}, { fields: [{ field: 'version', rule: 'unique' }] });
      throw error;
    }
  }

  /** The uploader's organisation owns the file: none for the administrator. */
  private async ownerOf(user: AuthUser): Promise<{ distributorId: number | null; companyId: number | null }> {
    const scope = scopeOf(user);
    if (scope.kind === 'distributor') return { distributorId: scope.distributorId, companyId: null };
    if (scope.kind === 'company') return { distributorId: (await repo.distributorOfCompany(this.deps.db, scope.companyId)) ?? null, companyId: scope.companyId };
    return { distributorId: null, companyId: null };
  }

  listFirmware(user: AuthUser, query: Parameters<typeof repo.listFirmware>[2]) {
    return repo.listFirmware(this.deps.db, scopeOf(user), query, this.deps.clock());
  }

  async deleteFirmware(user: AuthUser, id: number) {
    const firmware = await repo.findFirmware(this.deps.db, scopeOf(user), id);
    if (!firmware) throw notFound();
    // Only its owner (or the administrator) removes a file; others only use it.
    const owner = await this.ownerOf(user);
    if (scopeOf(user).kind !== 'all' && (firmware.distributorId !== owner.distributorId || firmware.companyId !== owner.companyId)) throw forbidden();
    if (await repo.firmwareInUse(this.deps.db, id)) throw new AppError(CODES.inUse, 'deviceParams.firmwareInUse');
    await repo.deleteFirmware(this.deps.db, id);
  }

  // ---------- height-volume import ----------

  async tankForTemplate(user: AuthUser, tankId: number) {
    const station = await this.stationOfTank(user, tankId);
    return (await repo.stationTanks(this.deps.db, station))!.find((t) => t.id === tankId)!;
  }

  private async stationOfTank(user: AuthUser, tankId: number): Promise<number> {
    const stationId = await repo.stationIdOfTank(this.deps.db, scopeOf(user), tankId);
    if (stationId === undefined) throw notFound();
    return stationId;
  }

  /** Reads a filled template: the points, or 91011 listing every problem with its row. */
  async importStrapping(user: AuthUser, tankId: number, fileName: string, bytes: Buffer) {
    const tank = await this.tankForTemplate(user, tankId);
    const grid = await readImportGrid(bytes, importTypeOf(fileName));
    const { points, problems } = readStrappingGrid(grid, tank, templateHeaders());
    assertValid(problems.map(importProblemField));
    return { points };
  }
}

/**
 * An import problem as a field: `importRow.<row − 1>.<column>`, which the envelope names
 * "Row <row> · Height (mm)" (i18n/translate.ts fieldLabel counts list items from 1).
 */
function importProblemField(p: ImportProblem): FieldRule {
  if (p.row === null) return { field: 'importFile', rule: rule(p.rule) };
  if (p.rule === 'missingColumn') return { field: `importRow.${p.row - 1}`, rule: p.column === 'volumeL' ? rule('templateVolumeMissing') : rule('templateHeightMissing') };
  return { field: `importRow.${p.row - 1}.${p.column}`, rule: rule(p.rule) };
}

/** device_command.succeeded / .failed of a command that just ended (by the device, or by its deadline: endedBy 'timeout'). */
function commandEvent(row: repo.StoredCommand, type: 'device_command.succeeded' | 'device_command.failed'): StationEvent {
  return {
    type,
    stationId: row.stationId,
    tankId: row.tankId,
    occurredAt: (row.endedAt ?? new Date()).toISOString(),
    data: { commandId: row.id, tankId: row.tankId, kind: row.kind, status: row.state, endedBy: row.endedBy, error: row.reason ?? null, issuedAt: row.issuedAt.toISOString(), finishedAt: row.endedAt?.toISOString() ?? null },
  };
}
