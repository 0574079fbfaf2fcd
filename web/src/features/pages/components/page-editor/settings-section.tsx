/** Who can join the page, who can post news as it, and whether its street address is public. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageView } from '@shared/answers/pages';
import { Checkbox, SelectField } from '@/components/form/fields';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { updatePageSettings } from '../../api/pages';
import { OPENNESS_OPTIONS, roleOptions } from '../../lib/page-options';
import { Section } from './section';

/** Each role names the lowest that may post: those above it may too. */
const POSTING_ROLE_OPTIONS = roleOptions({ admin: 'Admins', moderator: 'Admins and moderators', member: 'Every member' });

export function SettingsSection({ page, onChanged }: { page: PageView; onChanged: () => void }) {
  const [openness, setOpenness] = useState(page.openness);
  const [postingRole, setPostingRole] = useState(page.postingRole);
  const [addressPublic, setAddressPublic] = useState(page.addressPublic);
  const save = useMutation({ mutationFn: () => updatePageSettings({ pageId: page.id, openness, postingRole, addressPublic }), onSuccess: onChanged });
  return (
    <Section title="Settings">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <FormAlert message={save.isError ? failureMessage(save.error) : null} title="Could not save the settings" />
        {save.isSuccess ? <Notice>Settings saved.</Notice> : null}
        <SelectField
          label="Who can join"
          name="openness"
          value={openness}
          onValueChange={(v) => setOpenness(v as PageView['openness'])}
          options={OPENNESS_OPTIONS}
        />
        <SelectField
          label="Who can post news as the page"
          name="postingRole"
          value={postingRole}
          onValueChange={(v) => setPostingRole(v as PageView['postingRole'])}
          options={POSTING_ROLE_OPTIONS}
        />
        <Checkbox name="addressPublic" checked={addressPublic} onCheckedChange={setAddressPublic} label="Show the street address and exact spot to everyone" hint="Otherwise people see the suburb and the page's ~1 km area only." />
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save settings
        </SubmitButton>
      </form>
    </Section>
  );
}
