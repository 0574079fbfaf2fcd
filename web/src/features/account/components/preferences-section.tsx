/** Notifications, privacy, nearby radius and units (GET user-settings; PUT only what changed). */
import { useState } from 'react';
import type { UserSettings } from '@shared/answers/users';
import { NEARBY_RADII_KM, userSettingsInput } from '@shared/schemas/users';
import { radiusText } from '@/lib/places';
import { Checkbox, Fieldset, SelectField } from '@/components/form/fields';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { checkInput } from '@/components/form/check-input';
import { describeFailure, failureMessage } from '@/components/form/messages';
import { onSubmit } from '@/components/form/use-form';
import { Loading } from '@/components/loading';
import { useUpdateUserSettings, useUserSettings } from '@/lib/user-settings';
import { SettingsSection } from '@/components/layouts/settings-section';

const LABELS: Record<keyof UserSettings, string> = {
  notify_email_messages: 'New private messages',
  notify_email_comments: 'Comments and replies on my posts',
  notify_email_events: 'Events I attend or that are near me',
  notify_email_announcements: 'Announcements from the site',
  notify_email_wanted: 'Plants I want, listed near me',
  show_in_nearby: 'Show me in "people near you"',
  show_in_directory: 'List me in the member directory',
  nearby_radius_km: 'Nearby means within',
  units: 'Units',
};

export function PreferencesSection() {
  const settings = useUserSettings();
  return (
    <SettingsSection id="preferences" title="Notifications and privacy" description="What we e-mail you about, who can find you, and how we show distances.">
      {settings.isPending ? <Loading label="Loading your settings…" /> : null}
      {settings.isError ? (
        <FormAlert message={`Could not load user settings. ${failureMessage(settings.error)}`} title="Could not load your settings">
          <Button className="mt-3" variant="secondary" onClick={() => void settings.refetch()} pending={settings.isFetching} pendingLabel="Loading…">
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {settings.data ? <PreferencesForm saved={settings.data} /> : null}
    </SettingsSection>
  );
}

function PreferencesForm({ saved }: { saved: UserSettings }) {
  const [values, setValues] = useState<UserSettings>(saved);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const update = useUpdateUserSettings();
  const changed = (Object.keys(values) as Array<keyof UserSettings>).filter((k) => values[k] !== saved[k]);

  const set = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) => {
    setDone(false);
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = onSubmit(() => {
    setAlert(null);
    const patch = Object.fromEntries(changed.map((k) => [k, values[k]]));
    const checked = checkInput(userSettingsInput, patch, LABELS);
    if (!checked.ok) return setAlert(Object.values(checked.errors).join(' '));
    update.mutate(checked.data, {
      onSuccess: () => setDone(true),
      onError: (err) => {
        const { fields, alert: message } = describeFailure(err, LABELS);
        setAlert(message ?? Object.values(fields).join(' '));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Notifications and privacy">
      <FormAlert message={alert} title="Could not save your settings" />
      {done && changed.length === 0 ? (
        <Notice>
          <p>Your settings are saved.</p>
        </Notice>
      ) : null}
      <Fieldset legend="E-mail me about">
        <Checkbox name="notify_email_messages" label={LABELS.notify_email_messages} checked={values.notify_email_messages} onCheckedChange={(v) => set('notify_email_messages', v)} />
        <Checkbox name="notify_email_comments" label={LABELS.notify_email_comments} checked={values.notify_email_comments} onCheckedChange={(v) => set('notify_email_comments', v)} />
        <Checkbox name="notify_email_events" label={LABELS.notify_email_events} checked={values.notify_email_events} onCheckedChange={(v) => set('notify_email_events', v)} />
        <Checkbox name="notify_email_announcements" label={LABELS.notify_email_announcements} checked={values.notify_email_announcements} onCheckedChange={(v) => set('notify_email_announcements', v)} />
        <Checkbox name="notify_email_wanted" label={LABELS.notify_email_wanted} checked={values.notify_email_wanted} onCheckedChange={(v) => set('notify_email_wanted', v)} />
      </Fieldset>
      <Fieldset legend="Privacy">
        <Checkbox name="show_in_nearby" label={LABELS.show_in_nearby} checked={values.show_in_nearby} onCheckedChange={(v) => set('show_in_nearby', v)} />
        <Checkbox name="show_in_directory" label={LABELS.show_in_directory} checked={values.show_in_directory} onCheckedChange={(v) => set('show_in_directory', v)} />
      </Fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={LABELS.nearby_radius_km}
          name="nearby_radius_km"
          value={String(values.nearby_radius_km)}
          onValueChange={(v) => set('nearby_radius_km', Number(v) as UserSettings['nearby_radius_km'])}
          options={NEARBY_RADII_KM.map((km) => ({ value: String(km), label: values.units === 'imperial' ? `${km} km (${radiusText(km, 'imperial')})` : `${km} km` }))}
        />
        <Fieldset legend={LABELS.units}>
          <div className="flex gap-6 py-2">
            {(['metric', 'imperial'] as const).map((u) => (
              <label key={u} className="flex items-center gap-2 text-sm text-gray-800">
                <input type="radio" name="units" value={u} checked={values.units === u} onChange={() => set('units', u)} className="size-5 accent-primary-700" />
                {u === 'metric' ? 'Metric (km)' : 'Imperial (miles)'}
              </label>
            ))}
          </div>
        </Fieldset>
      </div>
      <SubmitButton pending={update.isPending} pendingLabel="Saving…" disabled={changed.length === 0}>
        Save settings
      </SubmitButton>
    </form>
  );
}
