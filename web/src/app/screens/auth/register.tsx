/**
 * /auth/register: complete the registration (username, names, motivations, location). Needs a
 * verified e-mail; the server answers the new profile and re-issues the cookies.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { registerInput } from '@shared/schemas/auth';
import { AuthCard, linkClass } from '@/components/auth-card';
import { TextField } from '@/components/form/fields';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { onSubmit, useForm } from '@/components/form/use-form';
import { paths } from '@/config/paths';
import { register } from '@/features/auth/api/account';
import { useAuth } from '@/lib/auth/auth-store';
import { MotivationFields } from '@/components/form/motivation-fields';
import { UsernameField } from '@/features/auth/components/username-field';
import { setProfile } from '@/lib/auth/session';
import { LOCATION_LABELS, LocationFields, type LocationValues } from '@/features/account/components/location-fields';

const TITLE = 'Complete your registration';
const LABELS = {
  username: 'Username',
  first_name: 'First name',
  last_name: 'Last name',
  motivations: 'Motivations',
  ...LOCATION_LABELS,
  latitude: 'Map position',
  longitude: 'Map position',
};

export default function RegisterScreen() {
  const { user } = useAuth();
  if (user && !user.email_verified) {
    return (
      <AuthCard title={TITLE}>
        <Notice tone="warning" title="Verify your e-mail first">
          <p className="mt-1">
            We sent a link to <strong>{user.email}</strong>.{' '}
            <Link to={paths.verify} className={linkClass}>
              Send it again
            </Link>
          </p>
        </Notice>
      </AuthCard>
    );
  }
  if (user?.registration_complete) {
    return (
      <AuthCard title={TITLE}>
        <Notice title="You are registered">
          <p className="mt-1">
            You are @{user.username}.{' '}
            <Link to={paths.settings} className={linkClass}>
              Change your profile in the settings
            </Link>
            .
          </p>
        </Notice>
      </AuthCard>
    );
  }
  return <RegisterForm />;
}

function RegisterForm() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const form = useForm(
    {
      username: '',
      first_name: user?.first_name ?? '',
      last_name: user?.last_name ?? '',
      motivations: user?.motivations ?? [],
      suburb_city: user?.suburb_city ?? '',
      state: user?.state ?? '',
      country: user?.country ?? '',
      latitude: user?.location?.latitude ?? null,
      longitude: user?.location?.longitude ?? null,
      locationSource: user?.location ? 'profile' : null,
    } as { username: string; first_name: string; last_name: string; motivations: string[] } & LocationValues,
    LABELS,
  );
  const save = useMutation({
    mutationFn: register,
    onSuccess: (profile) => {
      setProfile(profile);
      void navigate('/welcome', { replace: true });
    },
    onError: form.fail,
  });
  const { setValues } = form;
  const onLocation = useCallback((patch: Partial<LocationValues>) => setValues(patch), [setValues]);

  const submit = onSubmit(() => {
    const v = form.values;
    const input = form.check(registerInput, {
      username: v.username,
      first_name: v.first_name,
      last_name: v.last_name,
      motivations: v.motivations,
      suburb_city: v.suburb_city,
      state: v.state,
      country: v.country,
      latitude: v.latitude ?? undefined,
      longitude: v.longitude ?? undefined,
    });
    if (input) save.mutate(input);
  });

  return (
    <AuthCard title={TITLE} lead="Choose a username and tell us roughly where you grow, so neighbours can find you.">
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-6" aria-label={TITLE}>
        <FormAlert message={form.alert} title="Could not complete your registration" />
        <UsernameField label={LABELS.username} {...form.field('username')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={LABELS.first_name} autoComplete="given-name" required maxLength={60} {...form.field('first_name')} />
          <TextField label={LABELS.last_name} autoComplete="family-name" required maxLength={60} {...form.field('last_name')} />
        </div>
        <MotivationFields value={form.values.motivations} onChange={(m) => form.set('motivations', m)} error={form.errors.motivations} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-gray-800">Where you grow</legend>
          <p className="text-sm text-gray-600">Only your suburb is shown to others; the map position finds growers near you.</p>
          <LocationFields values={form.values} onChange={onLocation} errors={form.errors} prefill />
        </fieldset>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…" className="w-full">
          Complete registration
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
