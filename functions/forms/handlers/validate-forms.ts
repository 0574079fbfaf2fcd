/** GET /api/iam/forms/validate: each form kind's field limits, and whether the caller may send one now. */
import type { validateForms as route } from '../../../shared/contract/forms';
import { FORM_FIELD_LIMITS, FORM_KINDS } from '../../../shared/schemas/forms';
import { rateLimitLeft } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async ({ session }) => {
  const { left, resetsInSeconds } = await rateLimitLeft('FORM_USER', session.userId);
  return {
    kinds: FORM_KINDS.map((kind) => ({
      kind,
      subject: { ...FORM_FIELD_LIMITS.subject },
      message: { ...FORM_FIELD_LIMITS.message },
      targetPath: { required: kind === 'report', max: FORM_FIELD_LIMITS.targetPath.max },
    })),
    canSend: session.registered && !session.suspended && left > 0,
    left,
    resetsInSeconds,
  };
};
