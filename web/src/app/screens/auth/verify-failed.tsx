/** /auth/verifyfailed: the verification link did not work; ask for a new one. */
import { AuthCard } from '@/components/auth-card';
import { ResendVerificationForm } from '@/features/auth/components/resend-verification-form';

export default function VerifyFailedScreen() {
  return (
    <AuthCard title="Verification failed" lead="The link has expired or was already used. Ask for a new one and try again.">
      <p className="text-sm text-gray-700">Only the newest link we sent works. Enter your address and we will send a fresh one.</p>
      <ResendVerificationForm />
    </AuthCard>
  );
}
