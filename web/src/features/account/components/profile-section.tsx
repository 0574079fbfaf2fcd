/** Names, bio, motivations and location; only what changed is sent (PUT /api/iam/authn/update). */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { profileUpdateInput } from '@shared/schemas/auth';
import { hasFormChanged } from '@shared/format';
import { TextArea, TextField } from '@/components/form/fields';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { onSubmit, useForm } from '@/components/form/use-form';
import { updateProfile } from '../api/profile';
import { MotivationFields } from '@/components/form/motivation-fields';
import { setProfile } from '@/lib/auth/session';
import type { Profile } from '@/lib/auth/types';
import { LOCATION_LABELS, LocationFields, type LocationValues } from './location-fields';
import { SettingsSection } from '@/components/layouts/settings-section';

const LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  bio: 'About you',
  motivations: 'Motivations',
  ...LOCATION_LABELS,
  latitude: 'Map position',
  longitude: 'Map position',
};

type Values = { first_name: string; last_name: string; bio: string; motivations: string[] } & LocationValues;

function valuesOf(user: Profile): Values {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    bio: user.bio ?? '',
    motivations: user.motivations ?? [],
    suburb_city: user.suburb_city ?? '',
    state: user.state ?? '',
    country: user.country ?? '',
    latitude: user.location?.latitude ?? null,
    longitude: user.location?.longitude ?? null,
    locationSource: user.location ? 'profile' : null,
  };
}

/** The fields that differ from the saved profile (compared trimmed: spaces alone are no change). */
export function profileChanges(initial: Values, current: Values): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of ['first_name', 'last_name', 'bio', 'suburb_city', 'state', 'country', 'motivations'] as const) {
    if (hasFormChanged({ v: initial[key] }, { v: current[key] })) changes[key] = current[key];
  }
  if (current.latitude !== null && current.longitude !== null && (current.latitude !== initial.latitude || current.longitude !== initial.longitude)) {
    changes.latitude = current.latitude;
    changes.longitude = current.longitude;
  }
  return changes;
}

export function ProfileSection({ user }: { user: Profile }) {
  const [initial, setInitial] = useState(() => valuesOf(user));
  const form = useForm<Values>(initial, LABELS);
  const [note, setNote] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      setProfile(profile);
      const next = valuesOf(profile);
      setInitial(next);
      form.setValues(next);
      setNote('Your profile is saved.');
    },
    onError: form.fail,
  });
  const { setValues } = form;
  const onLocation = useCallback((patch: Partial<LocationValues>) => setValues(patch), [setValues]);

  const submit = onSubmit(() => {
    setNote(null);
    const changes = profileChanges(initial, form.values);
    if (Object.keys(changes).length === 0) {
      form.clear();
      setNote('Nothing has changed.');
      return;
    }
    const input = form.check(profileUpdateInput, changes);
    if (input) save.mutate(input);
  });

  return (
    <SettingsSection id="profile" title="Profile" description="What other members see about you.">
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Profile">
        <FormAlert message={form.alert} title="Could not save your profile" />
        {note && !save.isPending ? (
          <Notice>
            <p>{note}</p>
          </Notice>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={LABELS.first_name} autoComplete="given-name" maxLength={60} {...form.field('first_name')} />
          <TextField label={LABELS.last_name} autoComplete="family-name" maxLength={60} {...form.field('last_name')} />
        </div>
        <TextArea label={LABELS.bio} optional rows={4} maxLength={500} {...form.field('bio')} />
        <MotivationFields value={form.values.motivations} onChange={(m) => form.set('motivations', m)} error={form.errors.motivations} />
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-gray-800">Where you grow</legend>
          <LocationFields values={form.values} onChange={onLocation} errors={form.errors} />
        </fieldset>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save profile
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}
