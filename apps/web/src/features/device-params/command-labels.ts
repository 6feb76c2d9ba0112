import type { CommandEnder, CommandKind, CommandState } from '@ullage/domain/device-commands';
import type { FirmwareStatus } from '@ullage/domain/firmware';
import type { MessageKey } from '../../i18n/message-key';

/** Labels and colours of commands and firmware files, one place for every tab. */
export const KIND_KEYS: Record<CommandKind, MessageKey> = {
  thresholds: 'deviceParams.kind.thresholds',
  strapping: 'deviceParams.kind.strapping',
  tilt: 'deviceParams.kind.tilt',
  clock: 'deviceParams.kind.clock',
  firmware: 'deviceParams.kind.firmware',
};

export const STATE_KEYS: Record<CommandState, MessageKey> = {
  issuing: 'deviceParams.state.issuing',
  success: 'deviceParams.state.success',
  failed: 'deviceParams.state.failed',
  cancelled: 'deviceParams.state.cancelled',
};

/** antd Tag colours. */
export const STATE_COLOURS: Record<CommandState, string> = { issuing: 'processing', success: 'success', failed: 'error', cancelled: 'default' };

export const ENDER_KEYS: Record<CommandEnder, MessageKey> = {
  device: 'deviceParams.endedBy.device',
  user: 'deviceParams.endedBy.user',
  timeout: 'deviceParams.endedBy.timeout',
};

export const FIRMWARE_STATUS_KEYS: Record<FirmwareStatus, MessageKey> = {
  pending: 'deviceParams.firmware.status.pending',
  authorised: 'deviceParams.firmware.status.authorised',
  expired: 'deviceParams.firmware.status.expired',
};
export const FIRMWARE_STATUS_COLOURS: Record<FirmwareStatus, string> = { pending: 'gold', authorised: 'green', expired: 'default' };
