/**
 * A company's accounts at outside providers (docs/integrations.md): shown settings, sealed secrets
 * (server/kernel/vault.ts), and a status people can act on. Secrets are opened only here, for the
 * provider client that needs them, and never put in an answer: the browser sees `secretHints`.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from './app-types';
import type { Db } from './db/client';
import { providerConnections } from './db/schema';
import { secretHint, type Vault } from './vault';

export type ConnectionEnvironment = 'production' | 'sandbox' | 'simulator';
export type ConnectionStatus = 'connected' | 'needs_reconnect' | 'error' | 'disconnected';

export type Connection<S = Record<string, unknown>, K = Record<string, string>> = {
  id: number;
  companyId: number;
  provider: string;
  accountKey: string;
  label: string;
  environment: ConnectionEnvironment;
  settings: S;
  secrets: K;
  status: ConnectionStatus;
  statusMessage: string | null;
  checkedAt: Date | null;
  updatedAt: Date;
};

/** What the browser may see of a connection. */
export type ConnectionView<S = Record<string, unknown>> = Omit<Connection<S>, 'secrets' | 'companyId'> & {
  secretHints: Record<string, string | null>;
};

type Row = typeof providerConnections.$inferSelect;

const context = (row: Pick<Row, 'companyId' | 'provider' | 'accountKey'>) =>
  `connection:${row.companyId}:${row.provider}:${row.accountKey}`;

function openSecrets(vault: Vault, row: Row): Record<string, string> {
  if (!row.secrets) return {};
  return JSON.parse(vault.open(row.secrets, context(row))) as Record<string, string>;
}

function toConnection<S, K>(vault: Vault, row: Row): Connection<S, K> {
  return {
    id: row.id,
    companyId: row.companyId,
    provider: row.provider,
    accountKey: row.accountKey,
    label: row.label,
    environment: row.environment as ConnectionEnvironment,
    settings: row.settings as S,
    secrets: openSecrets(vault, row) as K,
    status: row.status as ConnectionStatus,
    statusMessage: row.statusMessage,
    checkedAt: row.checkedAt,
    updatedAt: row.updatedAt,
  };
}

export function connectionView<S>(connection: Connection<S, Record<string, string>>): ConnectionView<S> {
  const { secrets, companyId: _companyId, ...shown } = connection;
  return { ...shown, secretHints: Object.fromEntries(Object.entries(secrets).map(([name, value]) => [name, secretHint(value)])) };
}

export type SaveConnection = {
  companyId: number;
  provider: string;
  accountKey?: string;
  label: string;
  environment: ConnectionEnvironment;
  settings: Record<string, unknown>;
  /** The secrets to keep; a name given as undefined keeps its stored value (a form that leaves a token blank). */
  secrets: Record<string, string | undefined>;
  status?: ConnectionStatus;
  statusMessage?: string | null;
  createdBy?: number | null;
};

/** Creates or replaces the company's account at the provider (same provider and account key). */
export async function saveConnection(db: Db, vault: Vault, input: SaveConnection): Promise<Connection> {
  const accountKey = input.accountKey ?? '';
  const [existing] = await db
    .select()
    .from(providerConnections)
    .where(
      and(
        eq(providerConnections.companyId, input.companyId),
        eq(providerConnections.provider, input.provider),
        eq(providerConnections.accountKey, accountKey),
      ),
    );
  const kept = existing ? openSecrets(vault, existing) : {};
  const merged: Record<string, string> = { ...kept };
  for (const [name, value] of Object.entries(input.secrets)) if (value !== undefined) merged[name] = value;
  const sealed = vault.seal(JSON.stringify(merged), context({ companyId: input.companyId, provider: input.provider, accountKey }));
  const values = {
    companyId: input.companyId,
    provider: input.provider,
    accountKey,
    label: input.label,
    environment: input.environment,
    settings: input.settings,
    secrets: sealed,
    status: input.status ?? 'connected',
    statusMessage: input.statusMessage ?? null,
    checkedAt: new Date(),
    updatedAt: new Date(),
  };
  const [row] = existing
    ? await db.update(providerConnections).set(values).where(eq(providerConnections.id, existing.id)).returning()
    : await db
        .insert(providerConnections)
        .values({ ...values, createdBy: input.createdBy ?? null })
        .returning();
  if (!row) throw new Error('connection not saved');
  return toConnection(vault, row);
}

export async function listConnections<S = Record<string, unknown>, K = Record<string, string>>(
  deps: Pick<AppDeps, 'db' | 'vault'>,
  companyId: number,
  provider?: string,
): Promise<Connection<S, K>[]> {
  const rows = await deps.db
    .select()
    .from(providerConnections)
    .where(
      provider
        ? and(eq(providerConnections.companyId, companyId), eq(providerConnections.provider, provider))
        : eq(providerConnections.companyId, companyId),
    )
    .orderBy(providerConnections.provider, providerConnections.id);
  return rows.map((row) => toConnection<S, K>(deps.vault, row));
}

/** One connection of the company by id (null when it is another company's or gone). */
export async function findConnection<S = Record<string, unknown>, K = Record<string, string>>(
  deps: Pick<AppDeps, 'db' | 'vault'>,
  companyId: number,
  id: number,
): Promise<Connection<S, K> | null> {
  const [row] = await deps.db
    .select()
    .from(providerConnections)
    .where(and(eq(providerConnections.companyId, companyId), eq(providerConnections.id, id)));
  return row ? toConnection<S, K>(deps.vault, row) : null;
}

export async function setConnectionStatus(db: Db, id: number, status: ConnectionStatus, message: string | null = null): Promise<void> {
  await db
    .update(providerConnections)
    .set({ status, statusMessage: message, checkedAt: new Date(), updatedAt: new Date() })
    .where(eq(providerConnections.id, id));
}

/** Replaces the stored secrets (a refreshed token) without touching the rest. */
export async function updateConnectionSecrets(
  deps: Pick<AppDeps, 'db' | 'vault'>,
  connection: Connection,
  secrets: Record<string, string>,
) {
  const merged = { ...(connection.secrets as Record<string, string>), ...secrets };
  await deps.db
    .update(providerConnections)
    .set({ secrets: deps.vault.seal(JSON.stringify(merged), context(connection)), updatedAt: new Date() })
    .where(eq(providerConnections.id, connection.id));
}

export async function deleteConnection(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(providerConnections)
    .where(and(eq(providerConnections.companyId, companyId), eq(providerConnections.id, id)))
    .returning({ id: providerConnections.id });
  return rows.length > 0;
}

/**
 * Where a provider client sends its calls: the simulator in demo mode and tests, otherwise the
 * provider's documented host for the environment (a settings `baseUrl` overrides both).
 */
export function providerBaseUrl(
  deps: Pick<AppDeps, 'simulatorUrl'>,
  connection: Pick<Connection, 'environment' | 'provider' | 'settings'>,
  hosts: { production: string; sandbox: string },
): string {
  const override = (connection.settings as { baseUrl?: unknown }).baseUrl;
  if (typeof override === 'string' && override) return override.replace(/\/$/, '');
  if (connection.environment === 'simulator') {
    if (!deps.simulatorUrl) throw new Error('the simulators are not running (SIMULATORS=false)');
    return `${deps.simulatorUrl}/${connection.provider}`;
  }
  return connection.environment === 'production' ? hosts.production : hosts.sandbox;
}
