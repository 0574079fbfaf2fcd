/**
 * Photo upload: ask for presigned PUTs (POST upload-url {contentType, size, smallSize}: the
 * original's, and the small rendition's when there is one), then PUT the blobs straight to the
 * bucket (lib/upload.ts). The key the server handed out is what a post then carries.
 */
import type { RouteInput } from '@shared/contract';
import { api } from '@/lib/api';

export type PhotoUploadRequest = RouteInput<'POST /api/iam/images/upload-url'>;

/** A post photo's upload (its pixels, given to every request, are not the posts route's to keep). */
export const requestPhotoUpload = ({ width: _width, height: _height, ...input }: PhotoUploadRequest & { width?: number; height?: number }, signal?: AbortSignal) =>
  api.call('POST /api/iam/images/upload-url', { ...input }, { signal });
