import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { TagInput } from '@ullage/contracts/settings-more';
import type { ListQuery } from '@ullage/contracts/list';
import type { Db } from '../../db/client';
import { tags } from '../../db/schema';
import { equalsIfGiven, orderOf, pageOf, searchOf } from '../../lib/list';
import { utcText } from '../../lib/utc-text';

/** A list's paging, sorting and search (lib/list.ts reads them), and this list's own filters. */
export interface TagFilter extends ListQuery {
  type?: string;
  status?: 'enabled' | 'disabled';
  id?: number;
}

const columns = {
  id: tags.id,
  key: tags.key,
  value: tags.value,
  type: tags.type,
  typeValue: tags.typeValue,
  remark: tags.remark,
  disabled: tags.disabled,
  creator: tags.creator,
  createdAt: utcText(tags.createdAt),
  modifier: tags.modifier,
  // Null until the first edit.
  modifiedAt: sql<string | null>`${utcText(tags.modifiedAt)}`,
};

export async function listTags(db: Db, filter: TagFilter) {
  const where = and(
    searchOf(filter.q, tags.key, tags.value),
    filter.type ? eq(tags.type, filter.type) : undefined,
    filter.status ? eq(tags.disabled, filter.status === 'disabled') : undefined,
    equalsIfGiven(tags.id, filter.id),
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
