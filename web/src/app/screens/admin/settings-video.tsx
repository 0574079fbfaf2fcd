/**
 * /admin/settings/video: the welcome video shown on /welcome (the public site setting
 * welcome_video_url). Its host must be one the deployment allows (the stage's video hosts, which
 * the Content-Security-Policy lets the browser load): the server refuses any other, and says which
 * hosts it allows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { updateSiteSettingInput } from '@shared/schemas/site-settings';
import { TextField } from '@/components/form/fields';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { onSubmit, useForm } from '@/components/form/use-form';
import { PageShell } from '@/components/page-shell';
import { SiteSettingsState } from '@/features/admin/components/site-settings-state';
import { updateSiteSetting } from '@/features/admin/api/admin';
import { embeddableVideoUrl, isVideoFile, WELCOME_VIDEO_SETTING } from '@/features/admin/video-url';
import { siteQueryKey, useSite } from '@/lib/site';

const LABELS = { value: 'Video address' };

function VideoPreview({ url }: { url: string }) {
  return (
    <div className="aspect-video w-full max-w-2xl overflow-hidden rounded-lg bg-gray-900">
      {isVideoFile(url) ? (
        <video src={url} controls preload="metadata" className="size-full" aria-label="The welcome video" />
      ) : (
        <iframe src={url} title="The welcome video" className="size-full" allow="fullscreen; picture-in-picture" referrerPolicy="strict-origin-when-cross-origin" />
      )}
    </div>
  );
}

export default function AdminVideoSettingsScreen() {
  const site = useSite();
  const queryClient = useQueryClient();
  const current = site.data?.settings?.[WELCOME_VIDEO_SETTING];
  const currentUrl = typeof current === 'string' && current ? current : null;
  const form = useForm({ value: '' }, LABELS);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: updateSiteSetting,
    onSuccess: (s) => {
      setSaved(s.value);
      form.setValues({ value: '' });
      void queryClient.invalidateQueries({ queryKey: siteQueryKey });
    },
    onError: form.fail,
  });

  const submit = onSubmit(() => {
    setSaved(null);
    const value = embeddableVideoUrl(form.values.value);
    if (!/^https:\/\//i.test(value)) return form.setErrors({ value: 'Video address must start with https://' });
    const input = form.check(updateSiteSettingInput, { name: WELCOME_VIDEO_SETTING, value, dataType: 'string', isPublic: true });
    if (input) save.mutate(input);
  });

  return (
    <PageShell title="Welcome video" description="The video new visitors see on the welcome page.">
      <section aria-labelledby="video-current" className="space-y-3">
        <h2 id="video-current" className="text-lg font-semibold text-gray-900">
          Now showing
        </h2>
        <SiteSettingsState site={site} />
        {site.data && !currentUrl ? <p className="text-gray-700">No welcome video is set: the welcome page shows none.</p> : null}
        {currentUrl ? (
          <>
            <p className="text-sm break-all text-gray-700">{currentUrl}</p>
            <VideoPreview url={currentUrl} />
          </>
        ) : null}
      </section>

      <section aria-labelledby="video-form" className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="video-form" className="text-lg font-semibold text-gray-900">
          {currentUrl ? 'Change the video' : 'Set the video'}
        </h2>
        <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Welcome video">
          <FormAlert message={form.alert} title="Could not save the video" />
          {saved ? (
            <Notice>
              <p className="break-all">{`Saved: ${saved}`}</p>
            </Notice>
          ) : null}
          <TextField
            label={LABELS.value}
            type="url"
            inputMode="url"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder="https://…"
            hint="A video file (.mp4, .webm) or a YouTube or Vimeo address. Its host must be one of this site's allowed video hosts, set when the site is deployed; the site says which if it is not."
            required
            {...form.field('value')}
          />
          <SubmitButton pending={save.isPending} pendingLabel="Saving…">
            Save video
          </SubmitButton>
        </form>
      </section>
    </PageShell>
  );
}
