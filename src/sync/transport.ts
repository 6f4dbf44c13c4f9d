/** The HTTP side of sync: push with raw status codes (the drainer decides), pull through the API client. */
import { NEXT_CURSOR_HEADER, syncPaths, type PullAnswer, type PushAnswer } from '@contract/sync';
import type { Envelope } from '@contract/envelope';
import { apiRequest, buildUrl, refreshAccessToken } from '@/api/client';
import { getAccessToken } from '@/session/session-store';
import { filePaths } from '@contract/files';
import { TransportError, type PushTransport } from './drain';
import type { FileUpload } from './outbox-files';
import type { PullTransport } from './pull';

/** A long timeout, scaled by batch size (OCA pos_timeout lesson, docs/offline-sync.md "Ops: named intents, exactly once"). */
function pushTimeout(ops: number): number {
  return 30_000 + ops * 500;
}

export const pushTransport: PushTransport = async (body) => {
  const token = getAccessToken();
  let response: Response;
  let text: string;
  try {
    // The company in the query as well as in the body: the server then reads the caller's
    // membership with the session, one statement fewer per push (server/kernel/authenticate.ts).
    response = await fetch(buildUrl(syncPaths.push, { company: body.company }), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(pushTimeout(body.ops.length)),
    });
    text = await response.text();
  } catch {
    throw new TransportError('Không kết nối được máy chủ');
  }
  let parsed: Envelope<PushAnswer> | null = null;
  try {
    parsed = JSON.parse(text) as Envelope<PushAnswer>;
  } catch {
    // A 200 we cannot read says nothing about what was applied: treat it as no answer at all.
    if (response.ok) throw new TransportError('Câu trả lời của máy chủ bị cắt ngang');
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return { status: response.status, retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null, body: parsed };
};

/** One file's upload (src/sync/outbox-files.ts): the bytes as the body, a timeout for a slow 3G link. */
export const fileUpload: FileUpload = async (file) => {
  const token = getAccessToken();
  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(filePaths.file(file.id), { company: file.companyId }), {
      method: 'PUT',
      headers: { 'content-type': file.contentType, accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: file.bytes,
      credentials: 'same-origin',
      // 300 kB at 256 kbit/s is ten seconds: a minute is room for a poor signal, not a hung request.
      signal: AbortSignal.timeout(60_000),
    });
    text = await response.text();
  } catch {
    throw new TransportError('Không kết nối được máy chủ');
  }
  let message: string | null = null;
  try {
    message = (JSON.parse(text) as Envelope<unknown>).message ?? null;
  } catch {
    if (response.ok) throw new TransportError('Câu trả lời của máy chủ bị cắt ngang');
  }
  return { status: response.status, message };
};

export const pullTransport: PullTransport = (query, onNextCursor) =>
  apiRequest<PullAnswer>(syncPaths.pull, {
    query,
    redirectOnForbidden: false,
    timeoutMs: 60_000,
    onHeaders: (headers) => {
      const next = Number(headers.get(NEXT_CURSOR_HEADER));
      if (headers.has(NEXT_CURSOR_HEADER) && Number.isSafeInteger(next) && next > 0) onNextCursor?.(next);
    },
  });

export const refreshAuth = (): Promise<boolean> => refreshAccessToken();
