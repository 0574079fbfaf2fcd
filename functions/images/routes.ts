/** The images routes: each contract entry with its handler and grants. */
import * as images from '../../shared/contract/images';
import type { RouteDef } from '../lib/route-types';

export const imagesRoutes = [
  { ...images.avatarUpload, handler: 'images/handlers/avatar-upload', grants: ['table:read', 'table:write', 'images:write'] },
  { ...images.photoUpload, handler: 'images/handlers/photo-upload', grants: ['table:read', 'table:write', 'images:write'] },
] as const satisfies readonly RouteDef[];
