/** The write side of posts and plant posts, the plant an owner edits, and tag autocomplete. */
import { useQuery } from '@tanstack/react-query';
import type { PlantDetails, PostDetail, PostView, Privacy } from '@shared/schemas/content';
import type { TagView } from '@shared/schemas/tags';
import { normaliseTagName, TAG_NAME_PATTERN } from '@shared/tag-rules';
import { api } from '@/lib/api';

export interface PhotoRef {
  key: string;
  description?: string;
}

export interface NewPostBody {
  id: string;
  text: string;
  tags: string[];
  photos: PhotoRef[];
  privacy: Privacy;
}

export interface NewPlantBody {
  id: string;
  text?: string;
  plant: PlantDetails;
  plant_photos: Array<{ key: string; description: string }>;
  privacy: Privacy;
  tags: string[];
}

export const createPost = (body: NewPostBody) => api.post<{ post: PostView }>('/api/iam/posts/new', { ...body });
export const createPlant = (body: NewPlantBody) => api.post<{ plant: PostView }>('/api/iam/plant/new', { ...body });

/** A plant post as its owner edits it: the secured read, so private ones are there too. */
export interface PlantDetail extends Omit<PostDetail, 'post'> {
  plant: PostView;
}

export const getPlant = (id: string, signal?: AbortSignal) => api.get<PlantDetail>(`/api/iam/plant/${encodeURIComponent(id)}`, { signal });
export const plantEditQueryKey = (id: string) => ['compose', 'plant', id] as const;

export function usePlantForEdit(id: string, enabled: boolean) {
  return useQuery({ queryKey: plantEditQueryKey(id), queryFn: ({ signal }) => getPlant(id, signal), enabled, staleTime: 0 });
}

export const updatePlantDetails = (body: { postId: string; userId: string; plant: PlantDetails; privacy: Privacy }) =>
  api.put<{ plant: PostView }>('/api/iam/plant/update/details', { ...body });

export const updatePhotoDescriptions = (body: { id: string; uuid: string; plantPhotos: Array<{ key: string; description: string }> }) =>
  api.put<{ plant: PostView }>('/api/iam/plant/update/photo-descriptions', { ...body });

export const updateTextAndTags = (body: { postId: string; userId: string; text: string; tags: string[] }) =>
  api.put<{ post: PostView }>('/api/iam/posts/update/textandtags', { ...body });

export const deletePost = (body: { postId: string; userId: string }) => api.delete<{ deleted: boolean }>('/api/iam/posts', { ...body });

/** The prefix as the server takes it, or null when it could not name a tag (nothing to ask). */
export function tagPrefix(raw: string): string | null {
  const prefix = normaliseTagName(raw);
  return prefix && TAG_NAME_PATTERN.test(prefix) ? prefix : null;
}

export const getTagsByPrefix = (prefix: string, signal?: AbortSignal) =>
  api.get<{ tags: TagView[] }>(`/api/iam/tags/prefix/${encodeURIComponent(prefix)}/false`, { signal });

export function useTagSuggestions(prefix: string | null) {
  return useQuery({
    queryKey: ['compose', 'tag-prefix', prefix],
    queryFn: ({ signal }) => getTagsByPrefix(prefix!, signal),
    enabled: prefix !== null,
    staleTime: 5 * 60_000,
    select: (data) => (Array.isArray(data?.tags) ? data.tags : []),
  });
}
