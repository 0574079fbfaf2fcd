/**
 * /auth/register: complete the registration (username, names, motivations, location). Needs a
 * verified e-mail; the server answers the new profile and re-issues the cookies. The map position
 * is the device's, or the place chosen from the suburb's suggestions, or the typed suburb found in
 * the gazetteer on submit (in the chosen country): never the site's default city unasked.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Place } from '@shared/answers/pages';
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
import { placesKeys, searchPlaces, type Point } from '@/lib/places';

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

/** Whether the map position still has to be found from the typed suburb (or is only the site's default). */
const needsPlace = (v: LocationValues) => v.locationSource === 'typed' || v.locationSource === 'site' || v.latitude === null || v.longitude === null;

/** "AU" or "Australia", however it is written. */
const inCountry = (p: Place, country: string) => {
  const c = country.trim().toLowerCase();
  return p.countryName.toLowerCase() === c || p.country.toLowerCase() === c;
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
  const queryClient = useQueryClient();
  const [finding, setFinding] = useState(false);
  const { setValues, set } = form;
  const onLocation = useCallback(
    ({ suburb_city, ...patch }: Partial<LocationValues>) => {
      setValues(patch);
      // Through set, so that typing takes the suburb's error away.
      if (suburb_city !== undefined) set('suburb_city', suburb_city);
    },
    [setValues, set],
  );

  /** The first place of that name in the chosen country, nearer ones first (null when none). */
  async function findPlace(suburb: string, country: string, near: Point | null): Promise<Place | null> {
    const q = suburb.trim();
    const places = await queryClient.fetchQuery({ queryKey: placesKeys.search(q), queryFn: ({ signal }) => searchPlaces(q, near, signal), staleTime: 60 * 60_000 });
    return places.find((p) => inCountry(p, country)) ?? null;
  }

  async function complete() {
    const v = form.values;
    const unresolved = needsPlace(v);
    const input = form.check(registerInput, {
      username: v.username,
      first_name: v.first_name,
      last_name: v.last_name,
      motivations: v.motivations,
      suburb_city: v.suburb_city,
      state: v.state,
      country: v.country,
      // A position still to be found is checked once found.
      latitude: unresolved ? 0 : (v.latitude ?? undefined),
      longitude: unresolved ? 0 : (v.longitude ?? undefined),
    });
    if (!input) return;
    if (!unresolved) {
      save.mutate(input);
      return;
    }
    setFinding(true);
    let place: Place | null;
    try {
      const near = v.latitude !== null && v.longitude !== null ? { latitude: v.latitude, longitude: v.longitude } : null;
      place = await findPlace(v.suburb_city, v.country, near);
    } catch (err) {
      form.fail(err);
      return;
    } finally {
      setFinding(false);
    }
    if (!place) {
      form.setErrors({ suburb_city: `No place called "${v.suburb_city.trim()}" was found in ${v.country.trim()}. Choose one from the suggestions, or type the nearest town.` });
      return;
    }
    setValues({ latitude: place.latitude, longitude: place.longitude, locationSource: 'place' });
    save.mutate({ ...input, latitude: place.latitude, longitude: place.longitude });
  }

  const submit = onSubmit(() => void complete());

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
          <LocationFields values={form.values} onChange={onLocation} errors={form.errors} prefill searchSuburb />
        </fieldset>
        <SubmitButton pending={finding || save.isPending} pendingLabel={finding ? 'Finding your suburb…' : 'Saving…'} className="w-full">
          Complete registration
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
