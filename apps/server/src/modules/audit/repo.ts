import { desc, eq, sql, and, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export async function listAudit(db: Db, filter: { entity?: string; limit: number; offset: number }) {
  const where: SQL | undefined = filter.entity ? and(eq(auditLog.entity, filter.entity)) : undefined;
  const [rows, total] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(filter.limit).offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: total[0]?.n ?? 0 };
}
