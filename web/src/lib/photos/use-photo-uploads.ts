/**
 * The photos of a draft: each picked file is scaled, given a presigned URL and PUT on its own,
 * with its own progress, error, retry and removal. Previews are object URLs, revoked when the
 * photo is removed, the draft cleared, or the component unmounted.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_PHOTOS_PER_POST } from '@shared/content-rules';
import { failureMessage } from '@/components/form/messages';
import { ApiError, newClientId } from '@/lib/api';
import type { PhotoUpload as PhotoUploadUrls } from '@shared/answers/images';
import { isAbort, putFile, UploadError, type PresignedUpload } from '@/lib/upload';
import { requestPhotoUpload, type PhotoUploadRequest } from './upload-url';
import { PhotoProblem, preparePhoto, type PreparedPhoto } from './scale-image';

export type PhotoStatus = 'preparing' | 'uploading' | 'done' | 'failed';

export interface PhotoUpload {
  id: string;
  name: string;
  previewUrl: string | null;
  status: PhotoStatus;
  /** 0–100 while uploading. */
  progress: number;
  /** The uploaded object's key, once done. */
  key: string | null;
  /** The upload's id, once done, when the route names uploads by id (a message's photos). */
  uploadId: string | null;
  /** The uploaded photo's size in pixels (0 when the browser could not measure it). */
  width: number;
  height: number;
  error: string | null;
  /** False when trying again cannot help (not an image, too large, not allowed). */
  retryable: boolean;
  /** The server refused because the account's registration is not complete. */
  forbidden: boolean;
  description: string;
}

export interface UploadDeps {
  prepare: (file: File) => Promise<PreparedPhoto>;
  /** Asks for the presigned PUTs; gets the photo's pixels too (a message photo's route keeps them). */
  request: (input: PhotoUploadRequest & { width: number; height: number }, signal?: AbortSignal) => Promise<PhotoUploadUrls & { id?: string }>;
  put: (upload: Pick<PresignedUpload, 'url' | 'headers'>, blob: Blob, onProgress: (percent: number) => void, signal?: AbortSignal) => Promise<void>;
}

const defaultDeps: UploadDeps = { prepare: (file) => preparePhoto(file), request: requestPhotoUpload, put: putFile };

function previewOf(file: File): string | null {
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

function revoke(url: string | null): void {
  if (!url) return;
  try {
    URL.revokeObjectURL(url);
  } catch {
    // Nothing to free.
  }
}

/** A 403 that says the account's registration is not complete (the server's words, or what we know of the account). */
export function needsRegistrationError(error: unknown, registrationIncomplete = false): boolean {
  return error instanceof ApiError && error.status === 403 && (registrationIncomplete || /regist/i.test(`${error.code} ${error.message}`));
}

function describeError(error: unknown): Pick<PhotoUpload, 'error' | 'retryable' | 'forbidden'> {
  if (error instanceof PhotoProblem) return { error: error.message, retryable: false, forbidden: false };
  if (error instanceof UploadError) return { error: `${error.message} Try again.`, retryable: true, forbidden: false };
  if (error instanceof ApiError) {
    if (needsRegistrationError(error)) return { error: 'Complete your registration to add photos.', retryable: false, forbidden: true };
    return { error: failureMessage(error), retryable: error.status === 0 || error.status === 429 || error.status >= 500, forbidden: false };
  }
  return { error: 'The upload failed. Try again.', retryable: true, forbidden: false };
}

export interface PhotoUploads {
  items: PhotoUpload[];
  /** Adds files (up to the limit); answers a message when some were left out, else null. */
  add: (files: Iterable<File>) => string | null;
  retry: (id: string) => void;
  remove: (id: string) => void;
  setDescription: (id: string, description: string) => void;
  /** Forgets every photo (after the draft was sent). */
  clear: () => void;
  /** Some photo is still being scaled or uploaded. */
  busy: boolean;
  /** The uploaded photos, in order, with their descriptions as typed and their size when known. */
  uploaded: Array<{ key: string; uploadId?: string; description: string; width?: number; height?: number }>;
}

export function usePhotoUploads({ max = MAX_PHOTOS_PER_POST, deps = {} }: { max?: number; deps?: Partial<UploadDeps> } = {}): PhotoUploads {
  const [items, setItems] = useState<PhotoUpload[]>([]);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const previews = useRef(new Map<string, string>());
  const count = useRef(0);
  const depsRef = useRef<UploadDeps>({ ...defaultDeps, ...deps });
  depsRef.current = { ...defaultDeps, ...deps };

  const update = useCallback((id: string, patch: Partial<PhotoUpload>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const start = useCallback(
    async (id: string) => {
      const file = files.current.get(id);
      if (!file) return;
      controllers.current.get(id)?.abort();
      const controller = new AbortController();
      controllers.current.set(id, controller);
      const { signal } = controller;
      update(id, { status: 'preparing', progress: 0, error: null, retryable: false, forbidden: false, key: null, uploadId: null });
      try {
        const { prepare, request, put } = depsRef.current;
        const prepared = await prepare(file);
        if (signal.aborted) return;
        const { small } = prepared;
        const pixels = { width: Math.max(1, prepared.width), height: Math.max(1, prepared.height) };
        const presigned = await request({ contentType: prepared.type, size: prepared.blob.size, ...(small ? { smallSize: small.size } : {}), ...pixels }, signal);
        if (signal.aborted) return;
        update(id, { status: 'uploading' });
        // One bar for both files, in proportion to their bytes: the original, then the small rendition.
        const total = prepared.blob.size + (presigned.small && small ? small.size : 0);
        const share = (done: number, blob: Blob) => (progress: number) => update(id, { progress: Math.min(99, Math.round(((done + (blob.size * progress) / 100) / total) * 100)) });
        await put(presigned, prepared.blob, share(0, prepared.blob), signal);
        if (presigned.small && small) await put(presigned.small, small, share(prepared.blob.size, small), signal);
        if (signal.aborted) return;
        update(id, { status: 'done', progress: 100, key: presigned.key, uploadId: presigned.id ?? null, width: prepared.width, height: prepared.height });
      } catch (error) {
        if (signal.aborted || isAbort(error)) return;
        update(id, { status: 'failed', ...describeError(error) });
      } finally {
        if (controllers.current.get(id) === controller) controllers.current.delete(id);
      }
    },
    [update],
  );

  const add = useCallback(
    (picked: Iterable<File>): string | null => {
      const list = Array.from(picked);
      const room = Math.max(0, max - count.current);
      const taken = list.slice(0, room);
      const fresh: PhotoUpload[] = taken.map((file) => {
        const id = newClientId();
        const previewUrl = previewOf(file);
        files.current.set(id, file);
        if (previewUrl) previews.current.set(id, previewUrl);
        return { id, name: file.name || 'Photo', previewUrl, status: 'preparing', progress: 0, key: null, uploadId: null, width: 0, height: 0, error: null, retryable: false, forbidden: false, description: '' };
      });
      count.current += fresh.length;
      if (fresh.length) setItems((current) => [...current, ...fresh]);
      for (const item of fresh) void start(item.id);
      const left = list.length - taken.length;
      if (left <= 0) return null;
      return `You can add at most ${max} photos; ${left === 1 ? '1 photo was' : `${left} photos were`} left out.`;
    },
    [max, start],
  );

  const forget = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    files.current.delete(id);
    revoke(previews.current.get(id) ?? null);
    previews.current.delete(id);
  }, []);

  const remove = useCallback(
    (id: string) => {
      if (!files.current.has(id)) return;
      forget(id);
      count.current = Math.max(0, count.current - 1);
      setItems((list) => list.filter((item) => item.id !== id));
    },
    [forget],
  );

  const retry = useCallback((id: string) => void start(id), [start]);

  const setDescription = useCallback((id: string, description: string) => update(id, { description }), [update]);

  const clear = useCallback(() => {
    for (const id of Array.from(files.current.keys())) forget(id);
    count.current = 0;
    setItems([]);
  }, [forget]);

  // Leaving the page: stop the uploads and free the previews.
  useEffect(() => {
    const ctrl = controllers.current;
    const urls = previews.current;
    return () => {
      for (const controller of ctrl.values()) controller.abort();
      for (const url of urls.values()) revoke(url);
    };
  }, []);

  const busy = items.some((item) => item.status === 'preparing' || item.status === 'uploading');
  const uploaded = items
    .filter((item) => item.status === 'done' && item.key)
    .map((item) => ({ key: item.key!, ...(item.uploadId ? { uploadId: item.uploadId } : {}), description: item.description, ...(item.width > 0 && item.height > 0 ? { width: item.width, height: item.height } : {}) }));
  return { items, add, retry, remove, setDescription, clear, busy, uploaded };
}
