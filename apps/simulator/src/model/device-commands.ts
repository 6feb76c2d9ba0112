import { createHash } from 'node:crypto';
import type { DeviceCommand, DeviceCommandAck } from '@ullage/contracts/device';
import { iso } from './clock';
import { createRng, deriveSeed } from './random';
import type { SimStation } from './types';

/**
 * How a simulated device obeys commands (docs/device-protocol.md "Commands"): it applies
 * what it is sent and answers success — now and then it refuses with a reason, or never
 * answers at all, so that every state a command can reach shows up in the demo.
 */
export interface CommandBehaviour {
  /** Chance that a command is refused with a device-side reason. */
  refuseRate: number;
  /** Chance that a command is never answered (the server cancels it at its deadline). */
  silentRate: number;
}

export const DEFAULT_COMMAND_BEHAVIOUR: CommandBehaviour = { refuseRate: 0.1, silentRate: 0.05 };

/** The firmware a simulated collector ships with. */
export const FACTORY_FIRMWARE = '20250101';
/** A console keeps its clock within a day of true time; further is refused (a realistic, reproducible refusal). */
export const CLOCK_LIMIT_MS = 24 * 3_600_000;

const REFUSALS = ['EEPROM write failed', 'probe bus busy, try again later', 'parameter checksum error', 'console in calibration mode'];

export interface DeviceSettings {
  firmwareVersion: string;
  /** The device clock minus true time. */
  clockOffsetMs: number;
  thresholds: Map<string, Record<string, number | null>>;
  tilt: Map<string, { tiltDeg: number; probeOffsetMm: number }>;
}

export interface CommandHandlerOptions {
  seed?: number;
  behaviour?: Partial<CommandBehaviour>;
  /** Fetches a firmware file by the URL in the command (with the device key); absent: upgrades are refused. */
  download?: (url: string) => Promise<Buffer>;
  /** Where the device reports to, told in its answers (base info). */
  server?: { host: string; port: number };
  now?: () => number;
}

export interface CommandHandler {
  readonly settings: DeviceSettings;
  /**
   * The answers to one command, in order (progress, then the end); none for a command
   * already handled (it is handed over again until answered) or one it chose to ignore.
   */
  handle(command: DeviceCommand): Promise<DeviceCommandAck[]>;
  /** Forgets a command whose answer could not be sent, so it is handled again when handed over again. */
  forget(id: number): void;
  stats(): { received: number; succeeded: number; refused: number; ignored: number };
}

export function createCommandHandler(station: SimStation, options: CommandHandlerOptions = {}): CommandHandler {
  const behaviour = { ...DEFAULT_COMMAND_BEHAVIOUR, ...options.behaviour };
  const rng = createRng(deriveSeed(options.seed ?? 1, `${station.code}#commands`));
  const now = options.now ?? Date.now;
  const seen = new Set<number>();
  const counts = { received: 0, succeeded: 0, refused: 0, ignored: 0 };
  const settings: DeviceSettings = { firmwareVersion: FACTORY_FIRMWARE, clockOffsetMs: 0, thresholds: new Map(), tilt: new Map() };

  const self = () => ({
    firmwareVersion: settings.firmwareVersion,
    time: iso(now() + settings.clockOffsetMs),
    ...(options.server ? { serverHost: options.server.host, serverPort: options.server.port } : {}),
  });
  const refuse = (id: number, reason: string): DeviceCommandAck[] => {
    counts.refused++;
    return [{ id, status: 'failed', reason, device: self() }];
  };
  const succeed = (id: number): DeviceCommandAck[] => {
    counts.succeeded++;
    return [{ id, status: 'success', device: self() }];
  };

  async function apply(command: DeviceCommand): Promise<DeviceCommandAck[]> {
    switch (command.kind) {
      case 'thresholds': {
        const { tank, ...values } = command.params;
        settings.thresholds.set(tank, values);
        return succeed(command.id);
      }
      case 'strapping': {
        const tank = station.tanks.find((t) => t.code === command.params.tank);
        if (!tank) return refuse(command.id, `no tank ${command.params.tank}`);
        // The probe's heights follow the new table from the next reading on.
        tank.strapping = command.params.points.map((p) => ({ ...p }));
        return succeed(command.id);
      }
      case 'tilt':
        settings.tilt.set(command.params.tank, { tiltDeg: command.params.tiltDeg, probeOffsetMm: command.params.probeOffsetMm });
        return succeed(command.id);
      case 'clock': {
        const offset = Date.parse(command.params.time) - now();
        if (Math.abs(offset) > CLOCK_LIMIT_MS) return refuse(command.id, 'clock out of range: at most 24 h from the current time');
        settings.clockOffsetMs = offset;
        return succeed(command.id);
      }
      case 'firmware': {
        const { url, sha256, sizeBytes, version } = command.params;
        if (!options.download) return refuse(command.id, 'no HTTP address to download the firmware from');
        let bytes: Buffer;
        try {
          bytes = await options.download(url);
        } catch (err) {
          return refuse(command.id, `download failed: ${(err as Error).message}`);
        }
        const actual = createHash('sha256').update(bytes).digest('hex');
        if (bytes.length !== sizeBytes || actual !== sha256) return refuse(command.id, `checksum mismatch: got ${actual.slice(0, 12)}…, expected ${sha256.slice(0, 12)}…`);
        settings.firmwareVersion = version;
        return [{ id: command.id, status: 'progress', progress: 50 }, ...succeed(command.id)];
      }
    }
  }

  return {
    settings,
    async handle(command) {
      if (seen.has(command.id)) return [];
      seen.add(command.id);
      counts.received++;
      const roll = rng.next();
      if (roll < behaviour.silentRate) {
        counts.ignored++;
        return [];
      }
      if (roll < behaviour.silentRate + behaviour.refuseRate) return refuse(command.id, REFUSALS[Math.floor(rng.next() * REFUSALS.length)]!);
      return apply(command);
    },
    forget: (id) => void seen.delete(id),
    stats: () => ({ ...counts }),
  };
}
