/** DELETE /api/iam/tags/{name}: an admin deletes a tag; its removal from posts, pages and interests runs as a resumable job. */
import type { deleteTag as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { deleteTag } from '../../cascades/tag-deletion';

export const main: Main<typeof route> = async ({ input }) => deleteTag(input.name);
