/**
 * node-postgres sends a query unnamed unless it is given a name: PostgreSQL then parses and plans
 * it on every call. An order's submit runs about 45 small statements, and their parsing and
 * planning was a large part of the database's time per order (tests/bench/server.ts). Named, a
 * statement is parsed once per connection and its plan can be kept, as drivers such as postgres.js
 * and JDBC do by default. The name is the statement's text hashed, so the same text gets the same
 * name on every connection; a connection names its first MAX_NAMED texts and sends the rest
 * unnamed, so statements built with a varying number of parameters cannot fill its memory.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

const MAX_NAMED = 500;

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

function withName(config: unknown, values: unknown, named: Set<string>): unknown {
  if (config === null || typeof config !== 'object') return config;
  const query = config as QueryConfigLike;
  const parameters = Array.isArray(values) ? values : query.values;
  // Only parameterised statements: a bare `begin` or `set local` gains nothing from a name.
  if (typeof query.text !== 'string' || query.name || !Array.isArray(parameters) || parameters.length === 0) return config;
  const name = `s_${createHash('sha1').update(query.text).digest('base64url')}`;
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
