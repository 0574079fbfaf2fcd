/**
 * Avatar upload: ask for a presigned PUT (POST avatar-upload {contentType, size}), PUT the file
 * straight to the bucket (lib/upload.ts), then point the profile at the new key (PUT update {avatar}).
 */
import type * as z from 'zod/mini';
import type { avatarUploadInput } from '@shared/schemas/images';
import { api } from '@/lib/api';

export const requestAvatarUpload = (input: z.output<typeof avatarUploadInput>) => api.call('POST /api/iam/images/avatar-upload', input);
