/** POST /api/iam/forms/new: a member sends a contact or report form to the admins (rate limited: each one e-mails every admin). */
import type { newForm as route } from '../../../shared/contract/forms';
import { reply } from '../../lib/http';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { isOwnForm, queueForm, submitForm, tellOnce } from '../forms';

export const main: Main<typeof route> = async ({ input, session }) => {
  // The limit counts new forms: a retry of one stored (told to come back by a 503) is not another.
  if (!(await isOwnForm(input.id, session.userId))) await hitRateLimit('FORM_USER', session.userId);
  const { item, created } = await submitForm(session.userId, input);
  // The queue holds it either way (a retry files nothing twice: the case is the member's once).
  await queueForm(session, item);
  // Told once: a retry after a failure past the store (the queue, the mail) still tells the admins,
  // and of parallel retries only the one that claims the telling mails them (the others: 503, come back).
  await tellOnce(item);
  return reply({ id: item.id, kind: item.kind, createdAt: item.createdAt }, { status: created ? 201 : 200 });
};
