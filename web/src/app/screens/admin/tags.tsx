/**
 * /admin/tags: the tag tree. Make parent tags, flag interest categories, move a tag under a parent
 * (or back to the top), give a tag a label and a description, and delete a tag after a
 * confirmation that says how much content carries it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { TagView } from '@shared/answers/tags';
import { normaliseTagName } from '@shared/tag-rules';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { Checkbox, SelectField, TextArea, TextField } from '@/components/form/fields';
import { Loading } from '@/components/loading';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { deleteTag, newTag, tagByName, tagKeys, updateTag, useTagTree } from '@/features/tags/api/tags';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function AdminTagsScreen() {
  useDocumentTitle('Tags');
  const tree = useTagTree();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TagView | null>(null);
  const [removing, setRemoving] = useState<TagView | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: tagKeys.all });
  const parents = tree.data?.tags.map((n) => n.tag) ?? [];

  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Tags</h1>
        <p className="max-w-prose text-gray-600">Group tags under parent tags, flag the parents members choose interests from, and remove tags.</p>
      </header>
      {notice ? <Notice title="Done">{notice}</Notice> : null}
      <NewParent onDone={async (name) => { setNotice(`Parent tag “${name}” made.`); await refresh(); }} />
      <MoveTag parents={parents} onDone={async (msg) => { setNotice(msg); await refresh(); }} onEdit={setEditing} onDelete={setRemoving} />

      <section aria-labelledby="tree-title" className="space-y-3">
        <h2 id="tree-title" className="text-lg font-semibold text-gray-900">Parent tags and their children</h2>
        {tree.isPending ? (
          <Loading label="Loading the tags…" />
        ) : tree.isError ? (
          <FormAlert message="We could not load the tags." title="Something went wrong">
            <Button variant="secondary" className="mt-3" onClick={() => void tree.refetch()}>Try again</Button>
          </FormAlert>
        ) : tree.data.tags.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-4 text-gray-600">No parent tags yet. Make the first one above.</p>
        ) : (
          <ul className="space-y-3">
            {tree.data.tags.map((node) => (
              <li key={node.tag.name} className="rounded-lg border border-gray-200 bg-white p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h3 className="font-semibold text-gray-900">
                      {node.tag.label} {node.tag.label !== node.tag.name ? <span className="font-normal text-gray-600">(#{node.tag.name})</span> : null}
                    </h3>
                    {node.tag.parentName ? <p className="text-sm text-gray-600">Under #{node.tag.parentName}</p> : null}
                    {node.tag.interestCategory ? <p className="text-sm font-medium text-primary-800">Interest category</p> : null}
                    {node.tag.description ? <p className="text-sm text-gray-700">{node.tag.description}</p> : null}
                  </div>
                  <div className="flex gap-2">
                    <Button variant="secondary" onClick={() => setEditing(node.tag)} aria-label={`Edit ${node.tag.name}`}>Edit</Button>
                    <Button variant="danger-outline" onClick={() => setRemoving(node.tag)} aria-label={`Delete ${node.tag.name}`}>Delete</Button>
                  </div>
                </div>
                {node.children.length ? (
                  <ul className="mt-3 divide-y divide-gray-100 border-t border-gray-100" aria-label={`Children of ${node.tag.name}`}>
                    {node.children.map((c) => (
                      <li key={c.name} className="flex flex-wrap items-center justify-between gap-2 py-2">
                        <span className="text-gray-800">
                          {c.label} {c.label !== c.name ? <span className="text-gray-600">(#{c.name})</span> : null}
                          {c.isParent ? <span className="ml-2 text-sm text-gray-600">parent</span> : null}
                        </span>
                        <span className="flex gap-2">
                          <Button variant="link" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>Edit</Button>
                          <Button variant="link" onClick={() => setRemoving(c)} aria-label={`Delete ${c.name}`}>Delete</Button>
                        </span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-2 text-sm text-gray-600">No children yet.</p>
                )}
              </li>
            ))}
          </ul>
        )}
        {tree.data?.more ? <p className="text-sm text-gray-600">Only the first 50 parent tags are listed.</p> : null}
      </section>

      {editing ? <EditTag tag={editing} parents={parents} onClose={() => setEditing(null)} onDone={async () => { setEditing(null); setNotice(`Tag “${editing.name}” saved.`); await refresh(); }} /> : null}
      {removing ? <DeleteTag tag={removing} onClose={() => setRemoving(null)} onDone={async (msg) => { setRemoving(null); setNotice(msg); await refresh(); }} /> : null}
    </article>
  );
}

function NewParent({ onDone }: { onDone: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setPending(true);
    try {
      const tag = await newTag(name, true);
      if (!tag.isParent) await updateTag({ tagDetails: { name: tag.name, isParent: true } });
      setName('');
      await onDone(tag.name);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="new-parent-title">
      <h2 id="new-parent-title" className="text-lg font-semibold text-gray-900">New parent tag</h2>
      <FormAlert message={error} />
      <TextField label="Name" name="parent-name" value={name} onValueChange={setName} required maxLength={40} hint="Letters, digits, spaces, - and _; stored in lower case." />
      <SubmitButton pending={pending} pendingLabel="Making…">Make parent tag</SubmitButton>
    </form>
  );
}

function MoveTag({ parents, onDone, onEdit, onDelete }: { parents: TagView[]; onDone: (msg: string) => Promise<void>; onEdit: (t: TagView) => void; onDelete: (t: TagView) => void }) {
  const [name, setName] = useState('');
  const [found, setFound] = useState<TagView | null>(null);
  const [parent, setParent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const find = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFound(null);
    setPending(true);
    try {
      const tag = await tagByName(normaliseTagName(name));
      setFound(tag);
      setParent(tag.parentName ?? '');
    } catch (err) {
      setError((err as { status?: number }).status === 404 ? 'No tag by that name.' : (err as Error).message);
    } finally {
      setPending(false);
    }
  };
  const move = async () => {
    if (!found) return;
    setError(null);
    setPending(true);
    try {
      await updateTag({ tagDetails: { name: found.name, parentName: parent || null } });
      setFound(null);
      setName('');
      await onDone(parent ? `#${found.name} is now under #${parent}.` : `#${found.name} is now at the top.`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <section className="space-y-3 rounded-lg border border-gray-200 bg-white p-4" aria-labelledby="find-tag-title">
      <h2 id="find-tag-title" className="text-lg font-semibold text-gray-900">Find a tag</h2>
      <form onSubmit={(e) => void find(e)} className="flex flex-wrap items-end gap-3">
        <TextField label="Tag name" name="find-tag" value={name} onValueChange={setName} required maxLength={40} className="min-w-0 grow" />
        <SubmitButton variant="secondary" pending={pending && !found}>Find</SubmitButton>
      </form>
      <FormAlert message={error} />
      {found?.deleting ? (
        <p className="text-gray-800" role="status">
          #{found.name} is being deleted: it is leaving its posts ({plural(found.usageCount, 'use', 'uses')} left), then it is gone. It can be neither moved nor edited.
        </p>
      ) : found ? (
        <div className="space-y-3">
          <p className="text-gray-800">
            #{found.name} — {plural(found.usageCount, 'use', 'uses')}
            {found.parentName ? `, under #${found.parentName}` : ', at the top'}
          </p>
          <SelectField
            label="Parent"
            name="move-parent"
            value={parent}
            onValueChange={setParent}
            options={[{ value: '', label: 'None (at the top)' }, ...parents.filter((p) => p.name !== found.name).map((p) => ({ value: p.name, label: p.label }))]}
          />
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => void move()} pending={pending}>Move</Button>
            <Button variant="secondary" onClick={() => onEdit(found)}>Edit</Button>
            <Button variant="danger-outline" onClick={() => onDelete(found)}>Delete</Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function EditTag({ tag, parents, onClose, onDone }: { tag: TagView; parents: TagView[]; onClose: () => void; onDone: () => Promise<void> }) {
  const [label, setLabel] = useState(tag.label === tag.name ? '' : tag.label);
  const [description, setDescription] = useState(tag.description ?? '');
  const [parent, setParent] = useState(tag.parentName ?? '');
  const [isParent, setIsParent] = useState(tag.isParent);
  const [category, setCategory] = useState(tag.interestCategory);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setPending(true);
    try {
      await updateTag({
        tagDetails: {
          name: tag.name, label, description, isParent,
          ...(parent !== (tag.parentName ?? '') ? { parentName: parent || null } : {}),
          ...(isParent ? { interestCategory: category } : {}),
        },
      });
      await onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open title={`Edit #${tag.name}`} onClose={onClose} description="The name stays the tag's key; the label is what members see.">
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <FormAlert message={error} />
        <TextField label="Label" name="label" value={label} onValueChange={setLabel} maxLength={60} optional hint="Empty: the name is shown." />
        <TextArea label="Description" name="description" value={description} onValueChange={setDescription} maxLength={500} optional />
        <SelectField
          label="Parent"
          name="parent"
          value={parent}
          onValueChange={setParent}
          options={[{ value: '', label: 'None (at the top)' }, ...parents.filter((p) => p.name !== tag.name).map((p) => ({ value: p.name, label: p.label }))]}
        />
        <Checkbox label="Parent tag" name="is-parent" checked={isParent} onCheckedChange={setIsParent} hint={tag.childCount ? `It has ${plural(tag.childCount, 'child', 'children')}, so it stays a parent.` : undefined} disabled={tag.childCount > 0} />
        <Checkbox label="Interest category" name="interest-category" checked={isParent && category} onCheckedChange={setCategory} disabled={!isParent} hint="Members choose their interests from these." />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={pending} pendingLabel="Saving…">Save</SubmitButton>
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteTag({ tag, onClose, onDone }: { tag: TagView; onClose: () => void; onDone: (msg: string) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setError(null);
    setPending(true);
    try {
      const out = await deleteTag(tag.name);
      await onDone(out.done ? `#${tag.name} deleted; it was taken off ${plural(out.posts, 'post', 'posts')}.` : `#${tag.name} is being deleted; it is taken off ${plural(out.posts, 'post', 'posts')} in the background.`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPending(false);
    }
  };
  const description = tag.childCount
    ? `#${tag.name} has ${plural(tag.childCount, 'child tag', 'child tags')}: move them first.`
    : `${plural(tag.usageCount, 'post, plant or page carries', 'posts, plants and pages carry')} #${tag.name}. It will be taken off them (they keep their place in every feed), and members following it will no longer follow it. This cannot be undone.`;
  return (
    <Dialog open title={`Delete #${tag.name}?`} onClose={onClose} description={description}>
      <FormAlert message={error} />
      <div className="flex flex-wrap gap-2">
        <Button variant="danger" onClick={() => void confirm()} pending={pending} pendingLabel="Deleting…" disabled={tag.childCount > 0}>Delete tag</Button>
        <Button variant="secondary" onClick={onClose}>Cancel</Button>
      </div>
    </Dialog>
  );
}
