/** POST /api/iam/messages/new: a message, 201; a retry with its id answers the same message, 200. */
import type { newMessage as route } from '../../../shared/contract/messages';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { withPhotoUrls } from '../conversations';
import { claimMessagePhotos } from '../photos';
import { sendMessage } from '../sending';

export const main: Main<typeof route> = async ({ input, session }) => {
  const { message, created } = await sendMessage(session, input, { claimPhotos: (ids) => claimMessagePhotos(session.userId, ids) });
  return reply({ message: await withPhotoUrls(message) }, { status: created ? 201 : 200 });
};
