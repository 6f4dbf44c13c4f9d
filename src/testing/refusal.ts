import { vi } from 'vitest';

/**
 * For tests of a form's check ({ ok: true, input } or { ok: false, errors }): the errors of a check the
 * test expects to refuse, failing the test when it passed.
 */
export function refusal<E>(checked: { ok: true } | { ok: false; errors: E }): E {
  if (checked.ok) throw new Error('The check passed; the test expected it to refuse.');
  return checked.errors;
}

/**
 * The server as a form's test needs it: GETs answer empty lists, a POST is refused as the server
 * refuses bad input (400 VALIDATION_FAILED with the message and each field's words). Stubs `fetch`
 * and returns the mock, whose calls the test reads.
 */
export function refusePosts(message: string, fields: Record<string, string>): ReturnType<typeof vi.fn> {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST') return Response.json({ code: 200, data: [], count: 0 });
    return Response.json({ code: 400, data: null, error: 'VALIDATION_FAILED', message, fields }, { status: 400 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
