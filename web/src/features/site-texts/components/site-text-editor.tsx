/**
 * The admin's editor of the site's texts (about, terms of use, privacy policy): Markdown in a
 * text area, a preview rendered as readers will see it, and a confirmation before a text is
 * emptied (its page then shows the default again).
 */
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { SITE_TEXT_MAX_LENGTH, SITE_TEXT_NAMES, updateSiteTextInput, type SiteTextName } from '@shared/schemas/site-settings';
import { SelectField, TextArea } from '@/components/form/fields';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { onSubmit, useForm } from '@/components/form/use-form';
import { Dialog } from '@/components/dialog';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useSiteText, useUpdateSiteText } from '../api/site-texts';
import { Markdown } from './markdown';

export const SITE_TEXTS: Record<SiteTextName, { label: string; href: string }> = {
  about: { label: 'About', href: paths.about },
  'terms-of-use': { label: 'Terms of use', href: paths.terms },
  'privacy-policy': { label: 'Privacy policy', href: paths.privacy },
};

const LABELS = { name: 'Text', markdown: 'Markdown' };

export function SiteTextEditor() {
  const headingId = useId();
  const [name, setName] = useState<SiteTextName>('about');
  const text = useSiteText(name, { edit: true });
  const save = useUpdateSiteText();
  const form = useForm({ markdown: '' }, LABELS);
  const [preview, setPreview] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const [confirmEmpty, setConfirmEmpty] = useState(false);
  const loaded = text.data?.name === name ? text.data : undefined;

  // The text area holds the stored text of the one chosen (empty while none is written).
  const { setValues, clear } = form;
  useEffect(() => {
    clear();
    setValues({ markdown: loaded?.markdown ?? '' });
  }, [loaded, setValues, clear]);

  const send = (markdown: string) => {
    setSaved(null);
    const input = form.check(updateSiteTextInput, { name, markdown });
    if (!input) return;
    save.mutate(input, {
      onSuccess: (answer) =>
        setSaved(answer.markdown ? `Saved the ${SITE_TEXTS[name].label.toLowerCase()}.` : `The ${SITE_TEXTS[name].label.toLowerCase()} is empty: its page shows the default again.`),
      onError: form.fail,
    });
  };

  const submit = onSubmit(() => {
    if (!form.values.markdown.trim() && loaded?.markdown) setConfirmEmpty(true);
    else send(form.values.markdown);
  });

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        The site's texts
      </h2>
      <p className="text-sm text-gray-600">
        Written in Markdown: headings (#), lists (-), **bold**, _italic_ and links to web pages or e-mail addresses. HTML is shown as text,
        and pictures are left out. Readers may see an older version for up to five minutes after you save.
      </p>
      <SelectField
        label={LABELS.name}
        name="name"
        value={name}
        options={SITE_TEXT_NAMES.map((n) => ({ value: n, label: SITE_TEXTS[n].label }))}
        onValueChange={(v) => {
          setSaved(null);
          setPreview(false);
          setName(v as SiteTextName);
        }}
      />
      {text.isPending ? <Loading label="Loading the text…" /> : null}
      {text.isError ? (
        <FormAlert message={failureMessage(text.error)} title="Could not load the text">
          <Button className="mt-3" variant="secondary" onClick={() => void text.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {loaded ? (
        <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4" aria-label={`Edit the ${SITE_TEXTS[name].label.toLowerCase()}`}>
          <FormAlert message={form.alert} title="Could not save the text" />
          {saved ? (
            <Notice>
              <p>
                {saved}{' '}
                <Link to={SITE_TEXTS[name].href} className="font-medium underline underline-offset-2">
                  See the page
                </Link>
              </p>
            </Notice>
          ) : null}
          {loaded.markdown ? null : <p className="text-sm text-gray-600">Not written yet: the page shows its default text.</p>}
          <TextArea
            label={LABELS.markdown}
            rows={14}
            maxLength={SITE_TEXT_MAX_LENGTH}
            className="font-mono"
            hint="Leave it empty to show the default text again."
            {...form.field('markdown')}
          />
          <div className="flex flex-wrap gap-3">
            <SubmitButton pending={save.isPending} pendingLabel="Saving…">
              Save text
            </SubmitButton>
            <Button variant="secondary" onClick={() => setPreview((p) => !p)} aria-expanded={preview}>
              {preview ? 'Hide the preview' : 'Preview'}
            </Button>
          </div>
          {preview ? (
            <section aria-label="Preview" className="rounded-lg border border-dashed border-gray-300 p-4">
              {form.values.markdown.trim() ? <Markdown source={form.values.markdown} /> : <p className="text-sm text-gray-600">Nothing to preview: the page shows its default text.</p>}
            </section>
          ) : null}
        </form>
      ) : null}
      <Dialog
        open={confirmEmpty}
        onClose={() => setConfirmEmpty(false)}
        title={`Empty the ${SITE_TEXTS[name].label.toLowerCase()}?`}
        description={<p>The text written so far is removed and the page shows its default again.</p>}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirmEmpty(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirmEmpty(false);
              send('');
            }}
          >
            Empty it
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
