/** The write side of posts and plant posts, and the plant an owner edits. */
import { useQuery } from '@tanstack/react-query';
import type { RouteInput } from '@shared/contract';
import { api } from '@/lib/api';

/** What a new post and a new plant post send: the input of their routes. */
export type NewPostBody = RouteInput<'POST /api/iam/posts/new'>;
export type NewPlantBody = RouteInput<'POST /api/iam/plant/new'>;

export const createPost = (body: NewPostBody) => api.call('POST /api/iam/posts/new', { ...body });
export const createPlant = (body: NewPlantBody) => api.call('POST /api/iam/plant/new', { ...body });

/** A plant post as its owner edits it: the secured read, so private ones are there too. */
export const getPlant = (id: string, signal?: AbortSignal) => api.call('GET /api/iam/plant/{id}', { id }, { signal });
export const plantEditQueryKey = (id: string) => ['compose', 'plant', id] as const;

export function usePlantForEdit(id: string, enabled: boolean) {
  return useQuery({ queryKey: plantEditQueryKey(id), queryFn: ({ signal }) => getPlant(id, signal), enabled, staleTime: 0 });
}

export const updatePlantDetails = (body: RouteInput<'PUT /api/iam/plant/update/details'>) => api.call('PUT /api/iam/plant/update/details', { ...body });

export const updatePhotoDescriptions = (body: RouteInput<'PUT /api/iam/plant/update/photo-descriptions'>) =>
  api.call('PUT /api/iam/plant/update/photo-descriptions', { ...body });
