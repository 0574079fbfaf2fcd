/**
 * Photo upload: ask for a presigned PUT (POST upload-url {contentType, size}), then PUT the
 * blob straight to the bucket (lib/upload.ts). The key the server handed out is what a post then carries.
 */
import type { PhotoType } from '../lib/scale-image';
import { api } from '@/lib/api';

export const requestPhotoUpload = (input: { contentType: PhotoType; size: number }, signal?: AbortSignal) =>
  api.call('POST /api/iam/images/upload-url', { ...input }, { signal });
