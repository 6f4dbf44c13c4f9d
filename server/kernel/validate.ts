/**
 * Reading request input through the contract's valibot schemas. Anything that does not parse is a
 * 400 naming the field, never a 500: malformed JSON, a non-object body, JSON nested deeper than
 * MAX_JSON_DEPTH (refused before it is parsed, so no recursive walk of ours or of the database
 * ever meets it), wrong types, bad query strings, and text with a NUL character (valid
 * JSON and URLs, but PostgreSQL refuses to store or compare it). Bodies above 1 MB never get here
 * (server/app.ts MAX_JSON_BODY_BYTES answers 413 before reading them).
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { summarizeIssues } from '@contract/validation';
import { badRequest, HttpError } from './errors';

type AnySchema = v.GenericSchema;

export const NUL_MESSAGE = 'Dữ liệu không được chứa ký tự NUL';

/**
 * How deep a JSON body may nest (objects and arrays). The deepest the app sends is a pushed order's
 * line discount, 7 levels; a payload nested a few thousand levels overflowed the stack of the
 * NUL check and of the payload hash and failed the whole push with a 500.
 */
export const MAX_JSON_DEPTH = 32;
export const DEPTH_MESSAGE = `Dữ liệu lồng nhau quá sâu (tối đa ${MAX_JSON_DEPTH} cấp)`;

/** Whether JSON text nests deeper than `max`: one pass over the text, strings skipped, before parsing. */
export function jsonTextTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/** Whether a parsed value nests deeper than `max`, without recursion (for values that did not come through readJson). */
export function jsonValueTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

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

/**
 * `nulCheck: false` and `depthCheck: false` leave those checks to the caller: sync push refuses
 * such ops one by one (server/kernel/sync/push.ts), so one bad op does not block the device's
 * queue behind it. Nothing of ours walks the rest of a push body recursively.
 */
type ParseOptions = { nulCheck?: boolean; depthCheck?: boolean };

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
export async function readJson(c: Context, options: Pick<ParseOptions, 'depthCheck'> = {}): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().includes('application/json')) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Vui lòng gửi dữ liệu dạng JSON (Content-Type: application/json)');
  }
  if (options.depthCheck !== false && jsonTextTooDeep(text)) throw badRequest('VALIDATION_FAILED', DEPTH_MESSAGE);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('INVALID_JSON');
  }
}

export async function parseBody<S extends AnySchema>(c: Context, schema: S, options: ParseOptions = {}): Promise<v.InferOutput<S>> {
  return parseWith(schema, await readJson(c, options), options);
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
