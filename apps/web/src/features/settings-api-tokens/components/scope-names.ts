import type { ApiScope } from '@ullage/domain/api-scopes';
import type { MessageKey } from '../../../i18n/message-key';

/** Each scope's name and what it lets a system do, as the page shows them. */
export const SCOPE_TEXTS: Record<ApiScope, { name: MessageKey; hint: MessageKey }> = {
  read: { name: 'apiTokens.scope.read', hint: 'apiTokens.scope.readHint' },
  'alarms:read': { name: 'apiTokens.scope.alarmsRead', hint: 'apiTokens.scope.alarmsReadHint' },
  'alarms:process': { name: 'apiTokens.scope.alarmsProcess', hint: 'apiTokens.scope.alarmsProcessHint' },
  'tickets:write': { name: 'apiTokens.scope.ticketsWrite', hint: 'apiTokens.scope.ticketsWriteHint' },
  'devices:command': { name: 'apiTokens.scope.devicesCommand', hint: 'apiTokens.scope.devicesCommandHint' },
  'settings:manage': { name: 'apiTokens.scope.settingsManage', hint: 'apiTokens.scope.settingsManageHint' },
};
