/**
 * node-postgres sends a query unnamed unless it is given a name: PostgreSQL then parses and plans
 * it on every call. An order's submit runs about 42 small statements, and planning them was most
 * of the database's time per order (tests/bench/server-load.ts: 95 → 156 req/s with names; naming
 * them but planning each call anyway, plan_cache_mode=force_custom_plan, gave 92). Named, a
 * statement is parsed once per connection and, after five calls, PostgreSQL may keep one generic
 * plan for it.
 *
 * Only inside withNamedStatements: the ops a phone pushes (server/modules/sync/sync.routes.ts), short
 * statements on keys whose best plan does not depend on their values. Reports over a date range
 * took two to three times longer on generic plans (tests/bench/reports.ts), so every other
 * statement is still planned for its values. The name is the statement's text hashed, the same on
 * every connection; a connection names its first MAX_NAMED texts and sends the rest unnamed, so
 * statements built with a varying number of parameters cannot fill its memory.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type pg from 'pg';

const scope = new AsyncLocalStorage<true>();

/** Runs `work` with its parameterised statements named (see above). */
export function withNamedStatements<T>(work: () => Promise<T>): Promise<T> {
  return scope.run(true, work);
}

const MAX_NAMED = 500;

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

/** Names by text, so a statement is hashed once per process rather than on every call. */
const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    // Texts beyond a connection's MAX_NAMED are sent unnamed anyway; the map stays as small.
    if (names.size < MAX_NAMED * 4) names.set(text, name);
  }
  return name;
}

function withName(config: unknown, values: unknown, named: Set<string>): unknown {
  if (config === null || typeof config !== 'object' || !scope.getStore()) return config;
  const query = config as QueryConfigLike;
  const parameters = Array.isArray(values) ? values : query.values;
  // Only parameterised statements: a bare `begin` or `set local` gains nothing from a name.
  if (typeof query.text !== 'string' || query.name || !Array.isArray(parameters) || parameters.length === 0) return config;
  const name = nameOf(query.text);
  if (!named.has(name)) {
    if (named.size >= MAX_NAMED) return config;
    named.add(name);
  }
  return { ...query, name };
}

/** A pg.Client class whose parameterised statements are named (pass it as the Pool's `Client`). */
export function namingClient(Base: typeof pg.Client): typeof pg.Client {
  return class NamingClient extends Base {
    readonly #named = new Set<string>();

    override query(...args: unknown[]): never {
      const [config, values, ...rest] = args;
      const query = super.query as (...callArgs: unknown[]) => never;
      return query.call(this, withName(config, values, this.#named), values, ...rest);
    }
  } as typeof pg.Client;
}
