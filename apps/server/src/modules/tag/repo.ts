import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TagInput } from '@ullage/contracts/settings-more';
import type { Db } from '../../db/client';
import { tags } from '../../db/schema';
import { likePattern, orderOf, pageOf } from '../../lib/list';

export interface TagFilter {
  page: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  q?: string;
  type?: string;
  status?: 'enabled' | 'disabled';
  id?: number;
}

const iso = (column: typeof tags.createdAt | typeof tags.modifiedAt) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const columns = {
  id: tags.id,
  key: tags.key,
  value: tags.value,
  type: tags.type,
  typeValue: tags.typeValue,
  remark: tags.remark,
  disabled: tags.disabled,
  creator: tags.creator,
  createdAt: sql<string>`${iso(tags.createdAt)}`,
  modifier: tags.modifier,
  modifiedAt: sql<string | null>`${iso(tags.modifiedAt)}`,
};

export async function listTags(db: Db, filter: TagFilter) {
  const q = filter.q ? likePattern(filter.q) : undefined;
  const where = and(
    q ? or(ilike(tags.key, q), ilike(tags.value, q)) : undefined,
    filter.type ? eq(tags.type, filter.type) : undefined,
    filter.status ? eq(tags.disabled, filter.status === 'disabled') : undefined,
    filter.id !== undefined ? eq(tags.id, filter.id) : undefined,
  ) as SQL | undefined;
  const order = orderOf(filter, { key: tags.key, type: tags.type, createdAt: tags.createdAt }, asc(tags.type), tags.id);
  const { limit, offset } = pageOf(filter);
  const [list, total] = await Promise.all([
    db.select(columns).from(tags).where(where).orderBy(...order).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(tags).where(where),
  ]);
  return { list, total: total[0]?.n ?? 0 };
}

export async function findTag(db: Db, id: number) {
  return (await listTags(db, { id, page: 1, pageSize: 1 })).list[0];
}

export async function tagExists(db: Db, type: string, key: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.type, type), eq(tags.key, key), exceptId === undefined ? undefined : sql`${tags.id} <> ${exceptId}`))
    .limit(1);
  return rows.length > 0;
}

type TagValues = Omit<TagInput, 'typeValue' | 'remark'> & { typeValue: string | null; remark: string | null };

export async function insertTag(db: Db, values: TagValues, creator: string): Promise<number> {
  const [row] = await db.insert(tags).values({ ...values, creator }).returning({ id: tags.id });
  return row!.id;
}

export async function updateTag(db: Db, id: number, values: Partial<TagValues> & { disabled?: boolean }, modifier: string) {
  await db.update(tags).set({ ...values, modifier, modifiedAt: sql`now()` }).where(eq(tags.id, id));
}

export async function deleteTag(db: Db, id: number) {
  await db.delete(tags).where(eq(tags.id, id));
}
