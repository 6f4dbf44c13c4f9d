/**
 * Reading the company of a catalogue call (query for GET and DELETE, JSON body for POST and PUT)
 * and refusing callers who are not accepted members of it. Writes go through `writerBody`, the one
 * place role permissions will plug in (issue #7); for now any accepted member may write.
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { AppDeps, AppEnv } from '../../app-types';
import { parseBody, parseQuery } from '../../lib/validate';
import { requireMembership } from '../../middleware/company-scope';

type WithCompany = v.GenericSchema<unknown, { company: number }>;

export async function memberQuery<S extends WithCompany>(deps: AppDeps, c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  const query = parseQuery(c, schema);
  await requireMembership(deps.db, c.get('auth'), query.company);
  return query;
}

export async function writerQuery<S extends WithCompany>(deps: AppDeps, c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  return memberQuery(deps, c, schema);
}

export async function writerBody<S extends WithCompany>(deps: AppDeps, c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  const body = await parseBody(c, schema);
  await requireMembership(deps.db, c.get('auth'), body.company);
  return body;
}

export async function memberBody<S extends WithCompany>(deps: AppDeps, c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  return writerBody(deps, c, schema);
}
