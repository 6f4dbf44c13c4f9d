/** Success answers in the product's envelope. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Envelope } from '@contract/envelope';

export function ok<T>(
  c: Context,
  data: T,
  extra: { count?: number; bonus?: unknown; message?: string; status?: ContentfulStatusCode } = {},
) {
  const status = extra.status ?? 200;
  const body: Envelope<T> = { code: status, data };
  if (extra.count !== undefined) body.count = extra.count;
  if (extra.bonus !== undefined) body.bonus = extra.bonus;
  if (extra.message !== undefined) body.message = extra.message;
  return c.json(body, status);
}

export function created<T>(c: Context, data: T, message?: string) {
  return ok(c, data, { status: 201, message });
}
