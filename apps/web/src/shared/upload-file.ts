import { API_BASE, HttpError, toHttpError } from '../lib/api-client.ts';
import { getToken } from '../lib/auth-token.ts';

/** The image types the server accepts (it checks the bytes; this only narrows the browser's file picker). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

/**
 * Sends one file (field `file`) and some text fields as multipart to `/api/v1<path>` with the bearer token,
 * reporting progress (0–1). Uses XMLHttpRequest, since fetch cannot report upload progress. Failures throw
 * `HttpError` whose message is the server's key (`error.uploadType`, `error.uploadSize`, …), as `api()` does.
 */
export function uploadFile<T>(
  path: string,
  file: File,
  fields: Record<string, string | number> = {},
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const form = new FormData();
  // Text fields first, then the file.
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('accept', 'application/json');
    const token = getToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const data = parseAnswer(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve(data as T);
      } else reject(toHttpError(request.status, data));
    };
    request.onerror = () => reject(new HttpError('app.offline', 0));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

const parseAnswer = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

/** The message key of an upload failure: the server's field key when it names one (`error.uploadType`). */
export function uploadErrorKey(error: unknown): string {
  if (error instanceof HttpError) {
    const fields = (error.body as { errors?: Record<string, string> } | undefined)?.errors;
    return fields?.file ?? Object.values(fields ?? {})[0] ?? error.message;
  }
  return 'error.imageUpload';
}
