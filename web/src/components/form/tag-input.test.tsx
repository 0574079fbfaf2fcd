import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MAX_TAGS_PER_POST as MAX } from '@shared/content-rules';
import { createQueryClient } from '@/lib/query-client';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { TagInput } from './tag-input';

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return <TagInput tags={tags} onChange={setTags} />;
}

function renderTags(initial?: string[]) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: /Tags/ }) as HTMLInputElement;
}

const chips = () => {
  const list = screen.queryByRole('list', { name: 'Chosen tags' });
  return list ? within(list).getAllByRole('listitem').map((li) => li.textContent) : [];
};

const tagView = (name: string) => ({ id: name, name, isParent: false, parentName: null, usageCount: 1, createdAt: '2025-01-01T00:00:00Z' });

describe('tag input', () => {
  it('adds normalised tags with Enter or a comma, once each, and Backspace takes the last back', () => {
    serve({});
    const input = renderTags();
    fireEvent.change(input, { target: { value: '  Rare   Plants ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'ferns, moss,' } });
    fireEvent.change(input, { target: { value: 'ferns' } });
    fireEvent.keyDown(input, { key: ',' });
    expect(chips()).toEqual(['#rare plants', '#ferns', '#moss']);
    expect(input.value).toBe('');
    expect(screen.getByText(`3 of ${MAX} tags.`)).toBeTruthy();

    fireEvent.keyDown(input, { key: 'Backspace' });
    expect(chips()).toEqual(['#rare plants', '#ferns']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove tag rare plants' }));
    expect(chips()).toEqual(['#ferns']);
  });

  it('refuses names a tag cannot have', () => {
    serve({});
    const input = renderTags();
    fireEvent.change(input, { target: { value: 'hello!' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chips()).toEqual([]);
    expect(screen.getByText(/Tags are 1-40 letters, digits, spaces, - and _/)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it(`holds at most ${MAX} tags (the shared limit)`, () => {
    serve({});
    const input = renderTags();
    for (let i = 1; i <= MAX + 2; i++) {
      fireEvent.change(input, { target: { value: `tag${i}` } });
      fireEvent.keyDown(input, { key: 'Enter' });
    }
    expect(chips()).toHaveLength(MAX);
    expect(chips().at(-1)).toBe(`#tag${MAX}`);
    expect(screen.getByText(`You can add at most ${MAX} tags.`)).toBeTruthy();
    expect(screen.getByText(`${MAX} of ${MAX} tags.`)).toBeTruthy();

    // A pasted list stops at the limit as well.
    fireEvent.click(screen.getByRole('button', { name: `Remove tag tag${MAX}` }));
    fireEvent.change(input, { target: { value: 'x1, x2, x3,' } });
    expect(chips()).toHaveLength(MAX);
    expect(chips().at(-1)).toBe('#x1');
  });

  it('suggests existing tags once typing pauses, and picks one with the arrow keys', async () => {
    const api = serve({ 'GET /api/iam/tags/prefix/mon/false': () => success({ tags: [tagView('monstera'), tagView('money tree'), tagView('monsoon')] }) });
    const input = renderTags(['monsoon']);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Mon' } });
    const listbox = await screen.findByRole('listbox', { name: 'Tag suggestions' });
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((o) => o.textContent)).toEqual(['#monstera', '#money tree']));
    // Asked once, after the pause, with the normalised prefix.
    expect(api.to('GET /api/iam/tags/prefix/mon/false')).toHaveLength(1);
    expect(input.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(within(listbox).getAllByRole('option')[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(chips()).toEqual(['#monsoon', '#money tree']);
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
