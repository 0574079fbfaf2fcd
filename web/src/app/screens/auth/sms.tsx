/**
 * /auth/sms: verify a phone number. Step 1 sends a code (init-phone-and-check); a number that
 * cannot receive one is "unverifiable". Step 2 confirms the 6-digit code. A check that fails
 * counts as unverifiable too, except the failures the person can act on (isActionable below:
 * field errors, rate limits), which are shown as they are.
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { phoneCheckInput, phoneConfirmInput } from '@shared/schemas/users';
import { AuthCard, linkClass } from '@/components/auth-card';
import { TextField } from '@/components/form/fields';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { onSubmit, useForm } from '@/components/form/use-form';
import { paths } from '@/config/paths';
import { confirmPhone, startPhoneCheck } from '@/features/auth/api/account';
import { authStore, useAuth } from '@/lib/auth/auth-store';
import { setProfile } from '@/lib/auth/session';
import { ApiError } from '@/lib/api';

const TITLE = 'Verify your phone';
const NUMBER_LABELS = { phoneNo: 'Mobile number' };
const CODE_LABELS = { code: 'Code from the SMS' };

type Step = { kind: 'number' } | { kind: 'code'; phoneNo: string; recordId: string } | { kind: 'done'; phoneNo: string };

/**
 * Failures the person can act on or wait out, shown as they are rather than as "unverifiable": a
 * wrong number format or a country the site does not text (400), an e-mail address still to verify
 * (403), a rate limit (429), the site's daily text budget spent (503), no connection (0).
 */
const isActionable = (err: unknown) => err instanceof ApiError && [0, 400, 403, 429, 503].includes(err.status);

export default function SmsScreen() {
  const { user } = useAuth();
  const [step, setStep] = useState<Step>({ kind: 'number' });
  const [unverifiable, setUnverifiable] = useState<string | null>(null);
  const form = useForm({ phoneNo: '' }, NUMBER_LABELS);
  const codeForm = useForm({ code: '' }, CODE_LABELS);

  const check = useMutation({
    mutationFn: startPhoneCheck,
    onSuccess: (data, input) => {
      if (data.unverifiable || !data.recordId) setUnverifiable(input.phoneNo);
      else setStep({ kind: 'code', phoneNo: input.phoneNo, recordId: data.recordId });
    },
    onError: (err, input) => (isActionable(err) ? form.fail(err) : setUnverifiable(input.phoneNo)),
  });
  const confirm = useMutation({
    mutationFn: confirmPhone,
    onSuccess: (_data, input) => {
      const current = authStore.get().user;
      if (current) setProfile({ ...current, phone_verified: true });
      setStep({ kind: 'done', phoneNo: input.phoneNo });
    },
    onError: codeForm.fail,
  });

  if (!user) return null;

  const sendCode = onSubmit(() => {
    setUnverifiable(null);
    const input = form.check(phoneCheckInput, { phoneNo: form.values.phoneNo.replace(/[\s()-]/g, ''), userId: user.uuid });
    if (input) check.mutate(input);
  });

  const confirmCode = onSubmit(() => {
    if (step.kind !== 'code') return;
    const input = codeForm.check(phoneConfirmInput, { phoneNo: step.phoneNo, userId: user.uuid, recordId: step.recordId, code: codeForm.values.code.trim() });
    if (input) confirm.mutate(input);
  });

  if (step.kind === 'done') {
    return (
      <AuthCard title={TITLE}>
        <Notice title="Your phone is verified">
          <p className="mt-1">
            {step.phoneNo} is confirmed.{' '}
            <Link to={paths.settings} className={linkClass}>
              Back to the settings
            </Link>
          </p>
        </Notice>
      </AuthCard>
    );
  }

  if (step.kind === 'code') {
    return (
      <AuthCard title={TITLE} lead={`We sent a 6-digit code to ${step.phoneNo}.`}>
        <form ref={codeForm.formRef} onSubmit={confirmCode} noValidate className="space-y-5" aria-label="Confirm the code">
          <FormAlert message={codeForm.alert} title="Could not confirm the code" />
          <TextField
            label={CODE_LABELS.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            {...codeForm.field('code')}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={confirm.isPending} pendingLabel="Checking…">
              Confirm
            </SubmitButton>
            <Button
              variant="secondary"
              onClick={() => {
                codeForm.clear();
                codeForm.set('code', '');
                setStep({ kind: 'number' });
              }}
            >
              Use another number
            </Button>
          </div>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={TITLE} lead="Confirm your phone number with the code we send by SMS.">
      {user.phone_verified ? (
        <Notice tone="info">
          <p>Your phone is already verified. You can verify another number below.</p>
        </Notice>
      ) : null}
      {unverifiable ? (
        <Notice tone="warning" title="We cannot verify this number">
          <p className="mt-1">
            {unverifiable} cannot receive our code. Check the number (with its country code, such as +61 for Australia) or use
            another mobile.
          </p>
        </Notice>
      ) : null}
      <form ref={form.formRef} onSubmit={sendCode} noValidate className="space-y-5" aria-label="Send a code">
        <FormAlert message={form.alert} title="Could not send the code" />
        <TextField
          label={NUMBER_LABELS.phoneNo}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          required
          maxLength={24}
          hint="With the country code, e.g. +61 412 345 678."
          {...form.field('phoneNo')}
        />
        <SubmitButton pending={check.isPending} pendingLabel="Sending…">
          Send the code
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
