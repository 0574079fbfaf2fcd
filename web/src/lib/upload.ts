/**
 * Uploads straight to the images bucket: the server hands out a presigned PUT ({ url, key,
 * headers }); the browser PUTs the file with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. Used by avatars and post photos alike.
 */
import type { PresignedUpload } from '@shared/answers/images';

export type { PresignedUpload };

export class UploadError extends Error {
  override readonly name = 'UploadError';
}

export const isAbort = (error: unknown) => (error as { name?: unknown } | null)?.name === 'AbortError';

/** Headers a page may not set itself (the browser does). */
const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'cookie', 'origin', 'referer']);

/**
 * PUTs the file to the presigned URL; onProgress gets 0–99 while it travels and 100 once the
 * bucket accepted it. Rejects with UploadError, or an AbortError when aborted.
 */
export function putFile(upload: Pick<PresignedUpload, 'url' | 'headers'>, file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', upload.url);
    for (const [name, value] of Object.entries(upload.headers ?? {})) {
      if (!FORBIDDEN_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(99, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new UploadError(`The upload was refused (status ${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new UploadError('The upload failed; check your connection.'));
    xhr.ontimeout = () => reject(new UploadError('The upload took too long.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
