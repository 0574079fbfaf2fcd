/** Who can join the page, who can post news as it, and whether its street address is public. */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageView } from '@shared/answers/pages';
import { Checkbox, SelectField } from '@/components/form/fields';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { updatePageSettings } from '../../api/pages';
import { Section } from './section';

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
          options={[
            { value: 'open', label: 'Anyone can join' },
            { value: 'moderated', label: 'People ask; admins and moderators approve' },
            { value: 'invite', label: 'Invitation only' },
          ]}
        />
        <SelectField
          label="Who can post news as the page"
          name="postingRole"
          value={postingRole}
          onValueChange={(v) => setPostingRole(v as PageView['postingRole'])}
          options={[
            { value: 'admin', label: 'Admins' },
            { value: 'moderator', label: 'Admins and moderators' },
            { value: 'member', label: 'Every member' },
          ]}
        />
        <Checkbox name="addressPublic" checked={addressPublic} onCheckedChange={setAddressPublic} label="Show the street address and exact spot to everyone" hint="Otherwise people see the suburb and the page's ~1 km area only." />
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save settings
        </SubmitButton>
      </form>
    </Section>
  );
}
