/**
 * Choosing interests: the interest categories with their tags, a search box that filters them, and
 * one kind of interest at a time (grow, swap, learn). Each tag is a checkbox: ticking follows it
 * as that kind, unticking stops.
 */
import { useId, useMemo, useState } from 'react';
import type { TagNode, TagView } from '@shared/answers/tags';
import { FOR_YOU_TAGS, INTEREST_TYPES, type InterestType } from '@shared/tag-rules';
import { FormAlert } from '@/components/form/feedback';
import { Button } from '@/components/form/feedback';
import { Checkbox, TextField } from '@/components/form/fields';
import { Loading } from '@/components/loading';
import { useFollow, useInterestCategories, useInterests } from '../api/tags';
import { INTEREST_LABELS } from '../interest-labels';


const matches = (t: TagView, q: string) => !q || t.name.includes(q) || t.label.toLowerCase().includes(q);

export function InterestPicker({ userId }: { userId: string }) {
  const categories = useInterestCategories();
  const interests = useInterests(userId);
  const follow = useFollow(userId);
  const [kind, setKind] = useState<InterestType>('grow');
  const [query, setQuery] = useState('');
  // What the member just asked for, shown at once (a controlled box otherwise springs back until
  // the cache changes) and until the server has answered; only that box waits, the others stay free.
  const [asked, setAsked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const kindName = useId();
  const q = query.trim().toLowerCase();

  const followed = useMemo(
    () => new Set((interests.data?.interests ?? []).filter((i) => i.interestType === kind).map((i) => i.tag.name)),
    [interests.data, kind],
  );
  const shown = useMemo(
    () =>
      (categories.data?.tags ?? [])
        .map((node: TagNode) => ({ ...node, children: matches(node.tag, q) ? node.children : node.children.filter((c) => matches(c, q)) }))
        .filter((node) => node.children.length > 0 || matches(node.tag, q)),
    [categories.data, q],
  );

  if (categories.isPending || interests.isPending) return <Loading label="Loading the interests…" />;
  if (categories.isError || interests.isError) {
    return (
      <FormAlert message="We could not load the interests." title="Something went wrong">
        <Button variant="secondary" className="mt-3" onClick={() => void Promise.all([categories.refetch(), interests.refetch()])}>
          Try again
        </Button>
      </FormAlert>
    );
  }
  const key = (name: string) => `${kind}#${name}`;
  const toggle = (name: string, on: boolean) => {
    const k = key(name);
    setAsked((m) => new Map(m).set(k, on));
    // mutateAsync, not mutate's own callbacks: those fire for the latest call only, and a member
    // ticks several boxes in a row. A refusal is shown from follow.error.
    follow
      .mutateAsync({ tags: [name], interestType: kind, follow: on })
      .catch(() => undefined)
      .finally(() =>
        setAsked((m) => {
          const next = new Map(m);
          next.delete(k);
          return next;
        }),
      );
  };
  const count = interests.data.interests.length;
  const full = count >= interests.data.max;

  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-800">Kind of interest</legend>
        <div className="flex flex-wrap gap-2">
          {INTEREST_TYPES.map((t) => (
            <label key={t} className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm ${kind === t ? 'border-primary-700 bg-primary-50 font-semibold' : 'border-gray-300 bg-white'}`}>
              <input type="radio" name={kindName} value={t} checked={kind === t} onChange={() => setKind(t)} className="accent-primary-700" />
              {INTEREST_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField label="Search the tags" name="tag-search" type="search" value={query} onValueChange={setQuery} placeholder="e.g. fern" autoComplete="off" />
      <p className="text-sm text-gray-600" aria-live="polite">
        You follow {count} of at most {interests.data.max} interests.
      </p>
      <p className="text-sm text-gray-600">For you shows the posts of the {FOR_YOU_TAGS} tags you followed most recently.</p>
      <FormAlert message={follow.error ? follow.error.message : null} />
      {categories.data.tags.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-4 text-gray-600">No interest categories yet. An admin makes them on the tags page.</p>
      ) : shown.length === 0 ? (
        <p className="text-gray-600">No tags match “{query}”.</p>
      ) : (
        <ul className="space-y-4">
          {shown.map((node) => (
            <li key={node.tag.name} className="rounded-lg border border-gray-200 bg-white p-4">
              <fieldset>
                <legend className="font-semibold text-gray-900">{node.tag.label}</legend>
                {node.tag.description ? <p className="text-sm text-gray-600">{node.tag.description}</p> : null}
                {node.children.length === 0 ? (
                  <p className="mt-2 text-sm text-gray-600">No tags in this category yet.</p>
                ) : (
                  <div className="mt-2 grid gap-x-4 sm:grid-cols-2">
                    {node.children.map((tag) => (
                      <Checkbox
                        key={tag.name}
                        name={`interest-${tag.name}`}
                        label={tag.label}
                        checked={asked.get(key(tag.name)) ?? followed.has(tag.name)}
                        disabled={asked.has(key(tag.name)) || (full && !followed.has(tag.name))}
                        onCheckedChange={(on) => toggle(tag.name, on)}
                      />
                    ))}
                  </div>
                )}
              </fieldset>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
