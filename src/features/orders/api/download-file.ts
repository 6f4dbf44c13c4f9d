/**
 * Downloading a file the API streams (exportdata/ answers an .xlsx, not the JSON envelope): an
 * authenticated fetch read as a blob and saved through a temporary link. A 401 refreshes the token
 * once and retries, like every other call; a refusal is read from the envelope the server sends
 * instead of the file.
 */
import { ApiError, NETWORK_MESSAGE } from '../../../api/api-error';
import { buildUrl, errorFromEnvelope, refreshAccessToken, type RequestOptions } from '../../../api/client';
import { getAccessToken } from '../../../session/session-store';

/** `attachment; filename="don-hang-20261121.xlsx"` (or RFC 5987 filename*=) → the name. */
export function filenameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || fallback;
}

async function fetchWithToken(url: string, signal?: AbortSignal): Promise<Response> {
  const token = getAccessToken();
  try {
    return await fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_MESSAGE, 0, 'NETWORK');
  }
}

export async function fetchFile(
  path: string,
  query: RequestOptions['query'],
  fallbackName: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; filename: string }> {
  const url = buildUrl(path, query);
  let response = await fetchWithToken(url, signal);
  if (response.status === 401 && (await refreshAccessToken().catch(() => false))) response = await fetchWithToken(url, signal);
  if (!response.ok) {
    const text = await response.text();
    let body: { code: number; data: unknown; message?: string };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      body = { code: response.status, data: null };
    }
    throw errorFromEnvelope(response.status, body);
  }
  return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('content-disposition'), fallbackName) };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; give them a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

export async function downloadFile(path: string, query: RequestOptions['query'], fallbackName: string): Promise<string> {
  const { blob, filename } = await fetchFile(path, query, fallbackName);
  saveBlob(blob, filename);
  return filename;
}
