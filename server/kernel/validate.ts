/**
 * Reading request input through the contract's valibot schemas. Anything that does not parse is a
 * 400 naming the field, never a 500: malformed JSON, a non-object body, wrong types, bad query strings,
 * and text with a NUL character (valid JSON and URLs, but PostgreSQL refuses to store or compare it).
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { summarizeIssues } from '@contract/validation';
import { badRequest, HttpError } from './errors';

type AnySchema = v.GenericSchema;

export const NUL_MESSAGE = 'Dữ liệu không được chứa ký tự NUL';

/** Where the first text (a string or an object key) holding a NUL character is, or null: "" for the value itself. */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const inner = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return inner;
    const found = nulPath(item, inner);
    if (found !== null) return found;
  }
  return null;
}

/** `nulCheck: false` leaves the NUL check to the caller (sync push refuses such ops one by one). */
type ParseOptions = { nulCheck?: boolean };

export function parseWith<S extends AnySchema>(schema: S, input: unknown, options: ParseOptions = {}): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) {
    const where = options.nulCheck === false ? null : nulPath(result.output);
    if (where !== null) throw badRequest('VALIDATION_FAILED', NUL_MESSAGE, where ? { [where]: NUL_MESSAGE } : undefined);
    return result.output;
  }
  const { message, fields } = summarizeIssues(result.issues);
  throw badRequest('VALIDATION_FAILED', message, fields);
}

/** An empty body reads as `{}` so the schema can name the missing fields. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Vui lòng gửi dữ liệu dạng JSON (Content-Type: application/json)');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('INVALID_JSON');
  }
}

export async function parseBody<S extends AnySchema>(c: Context, schema: S, options: ParseOptions = {}): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJson(c), options);
}

export function parseQuery<S extends AnySchema>(c: Context, schema: S): v.InferOutput<S> {
  return parseWith(schema, c.req.query());
}

/** A numeric path parameter; anything else is "not found" rather than a database error. */
export function pathId(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1 || Number(raw) > 2_147_483_647) {
    throw new HttpError(404, 'NOT_FOUND');
  }
  return Number(raw);
}
