import { ApiError } from './client';
import { getSession } from '../session/session';
import { LANGUAGE } from '../../i18n';

/** The API's error envelope as an ApiError; a 400's first detail names the file's problem. */
function parseError(xhr: XMLHttpRequest, failedMessage: string): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { error?: { code?: string; message?: string; details?: Array<{ field: string; message: string }> } };
    const message = body.error?.details?.[0]?.message ?? body.error?.message;
    if (message) return new ApiError(xhr.status, body.error?.code ?? 'HTTP_ERROR', message, body.error?.details);
  } catch {
    // Not an envelope (a proxy's page): the generic message below.
  }
  return new ApiError(xhr.status, 'HTTP_ERROR', failedMessage);
}

/**
 * POSTs a multipart form and reports upload progress (0–100). XMLHttpRequest rather than fetch
 * because only it reports upload progress; it carries the session's token and language like the
 * typed client. Fields the API reads before the file must be appended before it.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  { signal, failedMessage }: { signal?: AbortSignal; failedMessage: string },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    const token = getSession()?.token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept-language', LANGUAGE);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(JSON.parse(xhr.responseText) as T);
      } else reject(parseError(xhr, failedMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', failedMessage));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
