/**
 * /auth/verifyemail?token=…: the link from the verification e-mail. Posts the token once on
 * load, then goes to /auth/verifysuccessful or /auth/verifyfailed. When this browser is signed in
 * as that user the server re-issues the access cookie; the profile is reloaded into the store.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { emailToken } from '@shared/schemas/identity';
import { AuthCard } from '@/components/auth-card';
import { Button, FormAlert } from '@/components/form/feedback';
import { Loading } from '@/components/loading';
import { verifyEmailToken } from '@/features/auth/api/account';
import { authStore } from '@/features/auth/auth-store';
import { loadProfile } from '@/features/auth/session';
import { ApiError } from '@/lib/api';
import { failureMessage } from '@/components/form/messages';

const SUCCESS = '/auth/verifysuccessful';
const FAILED = '/auth/verifyfailed';

/** The server did not answer (network, 5xx): worth another try rather than "the link is bad". */
const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);

export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useMutation({
    mutationFn: async (value: string) => {
      await verifyEmailToken({ token: value });
      if (authStore.get().loggedIn) await loadProfile();
    },
    onSuccess: () => void navigate(SUCCESS, { replace: true }),
    onError: (err) => {
      if (!isTransient(err)) void navigate(FAILED, { replace: true });
    },
  });

  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!z.safeParse(emailToken, token).success) {
      void navigate(FAILED, { replace: true });
      return;
    }
    verify.mutate(token);
  }, [token, navigate, verify]);

  const transient = verify.isError && isTransient(verify.error);
  return (
    <AuthCard title="Verifying your e-mail" lead="We are checking the link you followed.">
      {transient ? (
        <FormAlert message={failureMessage(verify.error)} title="We could not check the link">
          <Button className="mt-3" onClick={() => verify.mutate(token)}>
            Try again
          </Button>
        </FormAlert>
      ) : (
        <Loading label="Checking your link…" />
      )}
    </AuthCard>
  );
}
