/**
 * Avatar upload: ask for a presigned PUT (POST avatar-upload {contentType, size}), PUT the file
 * straight to the bucket with XMLHttpRequest (fetch cannot report upload progress), then point
 * the profile at the new key (PUT update {avatar}).
 */
import type * as z from 'zod';
import type { avatarUploadInput } from '@shared/schemas/identity';
import { api } from '@/lib/api';

export interface PresignedUpload {
  url: string;
  key: string;
  headers: Record<string, string>;
}

export const requestAvatarUpload = (input: z.output<typeof avatarUploadInput>) =>
  api.post<PresignedUpload>('/api/iam/images/avatar-upload', { ...input });

export class UploadError extends Error {
  override readonly name = 'UploadError';
}

/** Headers a page may not set itself (the browser does). */
const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'connection', 'accept-encoding', 'cookie', 'origin', 'referer']);

/** PUTs the file to the presigned URL; onProgress gets 0–100. Rejects with UploadError, or an AbortError when aborted. */
export function putFile(
  upload: PresignedUpload,
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', upload.url);
    for (const [name, value] of Object.entries(upload.headers ?? {})) {
      if (!FORBIDDEN_HEADERS.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new UploadError(`The upload was refused (status ${xhr.status}). Try again.`));
      }
    };
    xhr.onerror = () => reject(new UploadError('The upload failed; check your connection and try again.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
