/** This device's identity, made once: a UUID for the server, and a short code for local numbers. */
import { uuidv7 } from '@contract/uuid';
import type { AppDb } from './app-db';

export type DeviceIdentity = { deviceId: string; deviceShort: string };

export async function deviceIdentity(db: AppDb): Promise<DeviceIdentity> {
  return db.transaction('rw', db.meta, async () => {
    const stored = (await db.meta.get('device'))?.value as DeviceIdentity | undefined;
    if (stored) return stored;
    const deviceId = uuidv7();
    const identity = { deviceId, deviceShort: deviceId.replace(/-/g, '').slice(-4).toUpperCase() };
    await db.meta.put({ key: 'device', value: identity });
    return identity;
  });
}

export async function readMeta<T>(db: AppDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function writeMeta(db: AppDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}
