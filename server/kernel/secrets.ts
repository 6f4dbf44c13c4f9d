/**
 * The access-token signing key. JWT_SECRET wins; otherwise the first server generates one and keeps
 * it in the database so every instance (and every restart) signs with the same key.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/client';
import { appSecrets } from './db/schema';

export async function loadJwtSecret(db: Db, fromEnv: string | null): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(appSecrets)
    .values({ name: 'jwt', value: crypto.randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt'));
  if (!row) throw new Error('could not store the JWT secret');
  return row.value;
}
