import type { ListResult } from '@ullage/contracts/list';
import { apiData } from '../../../lib/api-client';
import type { ListParams } from '../../../components/list-page/list-query';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'enable', 'disable', 'resetPassword', 'changePassword', 'revoke', 'apiCall'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = ['distributor', 'company', 'area', 'station', 'product', 'tag', 'account', 'delivery', 'serviceAccount', 'apiToken', 'webhook'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** One line of the settings audit log, as GET /api/audit/list returns it. */
export interface AuditRow {
  id: number;
  /** ISO time. */
  at: string;
  userId: number | null;
  username: string;
  action: AuditAction;
  entity: AuditEntity;
  entityId: number | null;
  /** For updates {field: [before, after]}; otherwise the row's fields. */
  changes: unknown;
}

export const auditKeys = {
  list: ['settings-audit', 'list'] as const,
};

/** GET /api/audit/list: one page of the audit log, newest first (administrator only). */
export function listAudit(query: ListParams, signal?: AbortSignal): Promise<ListResult<AuditRow>> {
  return apiData<ListResult<AuditRow>>('/api/audit/list', { query, overlay: false, ...(signal ? { signal } : {}) });
}
