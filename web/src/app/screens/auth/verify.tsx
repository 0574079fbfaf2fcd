/** /auth/verify: a link was sent to verify the e-mail; ask for a new one here. */
import { Link, useSearchParams } from 'react-router';
import { AuthCard, linkClass } from '@/components/auth-card';
import { Notice } from '@/components/form/feedback';
import { MailIcon } from '@/components/icons-more';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { ResendVerificationForm } from '@/features/auth/components/resend-verification-form';

export default function VerifyScreen() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const verified = auth.user?.email_verified === true;
  return (
    <AuthCard
      title="Verify your e-mail"
      lead="Check your inbox for the verification link, or ask for a new one."
      footer={
        auth.loggedIn ? null : (
          <p>
            Verified already?{' '}
            <Link to={paths.login} className={linkClass}>
              Sign in
            </Link>
          </p>
        )
      }
    >
      {verified ? (
        <Notice title="Your e-mail is verified">
          <p className="mt-1">
            {auth.user?.registration_complete ? (
              <Link to={paths.home} className={linkClass}>
                Go to the home page
              </Link>
            ) : (
              <Link to={paths.register} className={linkClass}>
                Complete your registration
              </Link>
            )}
          </p>
        </Notice>
      ) : (
        <>
          <div className="flex items-start gap-3 text-gray-700">
            <MailIcon className="mt-0.5 size-6 shrink-0 text-primary-700" />
            <p>
              We sent a link to {auth.user ? <strong>{auth.user.email}</strong> : 'your e-mail address'}. Open it on this or any
              device to verify your address. The link works once and expires after a while.
            </p>
          </div>
          <h2 className="text-base font-semibold text-gray-900">No e-mail?</h2>
          <p className="text-sm text-gray-600">Look in your spam folder first, then ask for a new link.</p>
          <ResendVerificationForm initialEmail={params.get('email') ?? ''} />
        </>
      )}
    </AuthCard>
  );
}
