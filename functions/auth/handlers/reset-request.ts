/**
 * POST /api/iam/authn/reset: e-mails a password-reset link. The same answer and the same work
 * whether or not the address exists (see link-mail.ts).
 */
import type { resetRequest as route } from '../../../shared/contract/auth';
import { ipKey } from '../../lib/ip-key';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { mailLinkTo } from '../link-mail';
import { sendPasswordReset } from '../mails';

export const main: Main<typeof route> = async ({ input, clientIp }) => {
  await hitRateLimit('LINK_MAIL_IP', ipKey(clientIp));
  await hitRateLimit('RESET_EMAIL', input.email);
  await mailLinkTo(input.email, 'reset-password', () => true, sendPasswordReset);
  return { sent: true };
};
