import { asc, sql } from 'drizzle-orm';
import { tanks } from '../db/schema';

/** A station's tanks in their codes' order as people count them: 1, 2 … 9, 10, not 1, 10, 2. */
export const byTankCode = [sql`length(${tanks.code})`, asc(tanks.code)] as const;
