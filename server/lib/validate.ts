/**
 * Reading request input through the contract's valibot schemas. Anything that does not parse is a
 * 400 naming the field, never a 500: malformed JSON, a non-object body, wrong types, bad query strings.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { summarizeIssues } from '../../contract/validation';
import { badRequest, HttpError } from './http-error';

type AnySchema = v.GenericSchema;

export function parseWith<S extends AnySchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
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

export async function parseBody<S extends AnySchema>(c: Context, schema: S): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJson(c));
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
