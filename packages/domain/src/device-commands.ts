import { ATG_DEVICE_TYPE } from './atg-settings';

/**
 * Commands to a station's device (spec §4 "device upgrade and parameter commands: issuing,
 * success, cancelled"; issue 7). A command is issued by a user, handed to the device (over
 * MQTT, or with the answer to its next HTTP report), and ends once: the device acknowledges
 * it (success), refuses it with a reason (failed), or it is cancelled — by a user, or because
 * the device did not answer in time. An ended command never changes again.
 */
export const COMMAND_KINDS = ['thresholds', 'strapping', 'tilt', 'clock', 'firmware'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/** Kinds that set one tank's parameters; the others concern the station's device as a whole. */
export const TANK_COMMAND_KINDS: readonly CommandKind[] = ['thresholds', 'strapping', 'tilt'];
export const isTankCommand = (kind: CommandKind) => TANK_COMMAND_KINDS.includes(kind);

export const COMMAND_STATES = ['issuing', 'success', 'failed', 'cancelled'] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** Who ended a command: the device (success or failed), a user, or the timeout. */
export const COMMAND_ENDERS = ['device', 'user', 'timeout'] as const;
export type CommandEnder = (typeof COMMAND_ENDERS)[number];

/**
 * How long a device has to answer. A parameter is written in seconds; an upgrade downloads,
 * verifies and flashes a file, so it gets longer.
 */
export const COMMAND_TIMEOUT_MS: Readonly<Record<CommandKind, number>> = {
  thresholds: 10 * 60_000,
  strapping: 10 * 60_000,
  tilt: 10 * 60_000,
  clock: 10 * 60_000,
  firmware: 30 * 60_000,
};

/**
 * A command still issuing is handed to an HTTP device again with a later report once this
 * long has passed since it was last handed over (the answer may have been lost); devices
 * recognise a command they already have by its id.
 */
export const REDELIVER_AFTER_MS = 60_000;

export type CommandEvent =
  | { type: 'acknowledged' }
  | { type: 'refused' }
  | { type: 'cancelled'; by: 'user' | 'timeout' }
  /** The device says how far it got (an upgrade downloading, flashing): still issuing. */
  | { type: 'progress' };

/**
 * The next state after an event, or null when the event does not apply: only an issuing
 * command moves, and it moves once to an end state (a late answer after a cancel is ignored).
 */
export function nextCommandState(state: CommandState, event: CommandEvent): CommandState | null {
  if (state !== 'issuing') return null;
  switch (event.type) {
    case 'acknowledged':
      return 'success';
    case 'refused':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'progress':
      return 'issuing';
  }
}

export const isCommandEnded = (state: CommandState) => state !== 'issuing';

/** When an issuing command is given up on if the device has not answered. */
export function commandDeadline(kind: CommandKind, issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + COMMAND_TIMEOUT_MS[kind]);
}

/**
 * Stations whose device takes commands. A Veeder-Root TLS console is polled by the server
 * over TCP (issue 9) and has no command channel here.
 */
export function deviceTakesCommands(deviceType: string | null | undefined): boolean {
  return deviceType !== ATG_DEVICE_TYPE;
}

/** A device's refusal reason as stored and shown: trimmed, at most this long. */
export const REASON_MAX_LENGTH = 500;

// ---------- tank tilt (tab "tank tilt") ----------

/** Tilt along the tank's length in degrees (sign: inventory.ts), and the probe's distance from the middle. */
export const TILT_MAX_DEG = 10;
export const PROBE_OFFSET_MAX_MM = 50_000;

export type ParameterRule = 'range' | 'decimals';
export interface ParameterProblem {
  field: string;
  rule: ParameterRule;
  params?: Record<string, number>;
}

const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(Math.round(scaled) - scaled) < 1e-6;
};

/** Tilt within ±10° with two decimals at most; the probe offset within ±50 m with one decimal. */
export function tiltProblems(input: { tiltDeg: number; probeOffsetMm: number }): ParameterProblem[] {
  const problems: ParameterProblem[] = [];
  if (!Number.isFinite(input.tiltDeg) || Math.abs(input.tiltDeg) > TILT_MAX_DEG) problems.push({ field: 'tiltDeg', rule: 'range', params: { min: -TILT_MAX_DEG, max: TILT_MAX_DEG } });
  else if (!hasAtMostDecimals(input.tiltDeg, 2)) problems.push({ field: 'tiltDeg', rule: 'decimals', params: { decimals: 2 } });
  if (!Number.isFinite(input.probeOffsetMm) || Math.abs(input.probeOffsetMm) > PROBE_OFFSET_MAX_MM) {
    problems.push({ field: 'probeOffsetMm', rule: 'range', params: { min: -PROBE_OFFSET_MAX_MM, max: PROBE_OFFSET_MAX_MM } });
  } else if (!hasAtMostDecimals(input.probeOffsetMm, 1)) problems.push({ field: 'probeOffsetMm', rule: 'decimals', params: { decimals: 1 } });
  return problems;
}

// ---------- device clock (tab "time setup") ----------

/** A clock may be set at most this far from the server's time: further is a typing mistake. */
export const CLOCK_SET_MAX_OFFSET_MS = 366 * 24 * 3_600_000;

export function clockProblems(time: Date, serverNow: Date): ParameterProblem[] {
  const offset = time.getTime() - serverNow.getTime();
  return Number.isFinite(offset) && Math.abs(offset) <= CLOCK_SET_MAX_OFFSET_MS ? [] : [{ field: 'time', rule: 'range' }];
}

/**
 * The device's clock now, as last known: the server's time plus the skew measured on its last
 * report (device `sentAt` minus server receipt; station-status.ts). Null when never measured.
 */
export function deviceClockNow(serverNow: Date, clockSkewSeconds: number | null | undefined): Date | null {
  if (clockSkewSeconds === null || clockSkewSeconds === undefined) return null;
  return new Date(serverNow.getTime() + clockSkewSeconds * 1000);
}
