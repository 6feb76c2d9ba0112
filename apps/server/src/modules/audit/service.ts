import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { AuthUser } from '../../sessions/auth-user';

/*
 * The audit log as the other modules write it, in the transactions that make the changes;
 * repo.ts holds the log's reading, for its page.
 */

export type AuditAction = 'create' | 'update' | 'delete' | 'enable' | 'disable' | 'resetPassword' | 'changePassword' | 'revoke' | 'apiCall';

/**
 * Records a change an account makes (settings, its own password, photo, mail address, alarm
 * notices); call inside the transaction that makes it. `changes` holds field names and raw
 * values — never a password or a secret: the page labels and formats them.
 */
export async function recordAudit(db: Db, user: AuthUser, action: AuditAction, entity: string, entityId: number | null, changes: Record<string, unknown>) {
  await db.insert(auditLog).values({ userId: user.id, username: user.username, action, entity, entityId, changes });
}

/** {field: [before, after]} of the fields that changed. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      // Images are recorded as changed, not copied into the log.
      const shown = (v: unknown) => (typeof v === 'string' && v.startsWith('data:') ? '[image]' : v);
      changes[key] = [shown(before[key] ?? null), shown(after[key] ?? null)];
    }
  }
  return changes;
}
