/**
 * POST /api/iam/authn/verifyemail: sends a new verification link to an unverified account. The
 * same answer and the same work for a verified or unknown address (see link-mail.ts).
 */
import type { verifyEmailRequest as route } from '../../../shared/contract/auth';
import { ipKey } from '../../lib/ip-key';
import { hitRateLimit } from '../../lib/rate-limit';
import type { Main } from '../../lib/route-types';
import { mailLinkTo } from '../link-mail';
import { sendVerification } from '../mails';

export const main: Main<typeof route> = async ({ input, clientIp }) => {
  await hitRateLimit('LINK_MAIL_IP', ipKey(clientIp));
  await hitRateLimit('VERIFY_EMAIL', input.email);
  await mailLinkTo(input.email, 'verify-email', (user) => !user.emailVerified, sendVerification);
  return { sent: true };
};
