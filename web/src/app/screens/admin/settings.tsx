/**
 * /admin/settings: the public site settings (as GET get-site answers them) and a form to create
 * or change any setting (name, value, data type, public or not); then the site's texts (about,
 * terms of use, privacy policy) in Markdown with a preview.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SETTING_DATA_TYPES, updateSiteSettingInput, type SettingDataType } from '@shared/schemas/site-settings';
import type { PublicSite } from '@shared/answers/site-settings';
import { SITE_SETTING_NAMES } from '@shared/site';
import { Checkbox, SelectField, TextArea, TextField } from '@/components/form/fields';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { onSubmit, useForm } from '@/components/form/use-form';
import { PageShell } from '@/components/page-shell';
import { SiteSettingsState } from '@/features/admin/components/site-settings-state';
import { updateSiteSetting } from '@/features/admin/api/admin';
import { SiteTextEditor } from '@/features/site-texts/components/site-text-editor';
import { siteQueryKey, useSite } from '@/lib/site';

interface Row {
  name: string;
  value: string;
  dataType: SettingDataType;
}

function toRow(name: string, value: unknown): Row {
  if (typeof value === 'number') return { name, value: String(value), dataType: 'number' };
  if (typeof value === 'boolean') return { name, value: String(value), dataType: 'boolean' };
  if (typeof value === 'object' && value !== null) return { name, value: JSON.stringify(value, null, 2), dataType: 'json' };
  return { name, value: String(value ?? ''), dataType: 'string' };
}

/** The public settings by their stored names (get-site renames the three well-known ones). */
export function publicRows(site: PublicSite): Row[] {
  return [
    toRow(SITE_SETTING_NAMES.name, site.name),
    toRow(SITE_SETTING_NAMES.tagline, site.tagline),
    toRow(SITE_SETTING_NAMES.defaultLocation, site.defaultLocation),
    ...Object.entries(site.settings ?? {})
      .filter(([name]) => !(Object.values(SITE_SETTING_NAMES) as string[]).includes(name))
      .map(([name, value]) => toRow(name, value)),
  ];
}

const LABELS = { name: 'Name', value: 'Value', dataType: 'Type' };
const TYPE_LABELS: Record<SettingDataType, string> = { string: 'Text', number: 'Number', boolean: 'Yes/no (true or false)', json: 'JSON object' };

export default function AdminSettingsScreen() {
  const site = useSite();
  const queryClient = useQueryClient();
  const form = useForm({ name: '', value: '', dataType: 'string' as SettingDataType, isPublic: true }, LABELS);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: updateSiteSetting,
    onSuccess: (_s, input) => {
      setSaved(`Saved ${input.name}.${input.isPublic ? '' : ' It is private, so it does not show in the list above.'}`);
      void queryClient.invalidateQueries({ queryKey: siteQueryKey });
    },
    onError: form.fail,
  });

  const edit = (row: Row) => {
    setSaved(null);
    form.clear();
    form.setValues({ name: row.name, value: row.value, dataType: row.dataType, isPublic: true });
    form.formRef.current?.scrollIntoView({ block: 'start' });
    form.formRef.current?.querySelector<HTMLElement>('textarea')?.focus();
  };

  const submit = onSubmit(() => {
    setSaved(null);
    const v = form.values;
    const input = form.check(updateSiteSettingInput, { name: v.name.trim(), value: v.value, dataType: v.dataType, isPublic: v.isPublic });
    if (input) save.mutate(input);
  });

  return (
    <PageShell title="Site settings" description="Change the site's name, tagline, default location and any other setting.">
      <section aria-labelledby="public-settings" className="space-y-3">
        <h2 id="public-settings" className="text-lg font-semibold text-gray-900">
          Public settings
        </h2>
        <SiteSettingsState site={site} />
        {site.data ? (
          <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white" aria-label="Public settings">
            {publicRows(site.data).map((row) => (
              <li key={row.name} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <p className="font-mono text-sm font-semibold text-gray-900">{row.name}</p>
                  <p className="text-xs text-gray-600">{TYPE_LABELS[row.dataType]}</p>
                  <pre className="mt-1 max-h-40 overflow-auto text-sm break-words whitespace-pre-wrap text-gray-700">{row.value}</pre>
                </div>
                <Button variant="secondary" className="shrink-0" onClick={() => edit(row)} aria-label={`Edit ${row.name}`}>
                  Edit
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="setting-form" className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="setting-form" className="text-lg font-semibold text-gray-900">
          Create or change a setting
        </h2>
        <form ref={form.formRef} onSubmit={submit} noValidate className="scroll-mt-20 space-y-4" aria-label="Create or change a setting">
          <FormAlert message={form.alert} title="Could not save the setting" />
          {saved ? (
            <Notice>
              <p>{saved}</p>
            </Notice>
          ) : null}
          <TextField
            label={LABELS.name}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            hint="2-64 characters of a-z, 0-9 and _, starting with a letter. An existing name changes that setting."
            required
            {...form.field('name')}
          />
          <SelectField
            label={LABELS.dataType}
            options={SETTING_DATA_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            {...form.field('dataType')}
            onValueChange={(v) => form.set('dataType', v as SettingDataType)}
          />
          <TextArea label={LABELS.value} rows={form.values.dataType === 'json' ? 8 : 3} spellCheck={form.values.dataType === 'string'} {...form.field('value')} />
          <Checkbox
            name="isPublic"
            label="Public: guests and the app can read it"
            hint="Leave unticked for settings only the server uses."
            checked={form.values.isPublic}
            onCheckedChange={(v) => form.set('isPublic', v)}
          />
          <SubmitButton pending={save.isPending} pendingLabel="Saving…">
            Save setting
          </SubmitButton>
        </form>
      </section>

      <SiteTextEditor />
    </PageShell>
  );
}
