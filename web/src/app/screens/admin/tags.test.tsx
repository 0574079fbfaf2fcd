import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeNode, makeTag } from '@/features/tags/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const tree = (nodes = [makeNode(makeTag('ferns', { label: 'Ferns', interestCategory: true }), [makeTag('maidenhair', { usageCount: 3 })])]) => ({ tags: nodes, more: false });

describe('/admin/tags', () => {
  it('shows the tree, makes a parent tag, edits a label and the category flag, and moves a found tag under a parent', async () => {
    const api = serve({
      'GET /api/iam/tags/get-tags-n-children/parents': () => success(tree()),
      'POST /api/iam/tags/new': () => success(makeTag('cacti', { isParent: true }), 201),
      'PUT /api/iam/tags/update': () => success(makeNode(makeTag('ferns'), [])),
      'GET /api/iam/tags/get-single/name/echeveria': () => success(makeTag('echeveria', { usageCount: 2 })),
    });
    renderRoute('/admin/tags', { auth: AUTH.admin });
    const children = await screen.findByRole('list', { name: 'Children of ferns' });
    expect(within(children).getByText('maidenhair')).toBeTruthy();
    expect(screen.getByText('Interest category')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Cacti' } });
    fireEvent.click(screen.getByRole('button', { name: 'Make parent tag' }));
    await waitFor(() => expect(api.to('POST /api/iam/tags/new')[0]?.body).toMatchObject({ tagName: 'Cacti', isParent: true }));
    expect(await screen.findByText('Parent tag “cacti” made.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit ferns' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit #ferns' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Label/ }), { target: { value: 'Ferns and friends' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Interest category' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.to('PUT /api/iam/tags/update')[0]?.body).toMatchObject({ tagDetails: { name: 'ferns', label: 'Ferns and friends', interestCategory: false, isParent: true } }));
    expect(await screen.findByText('Tag “ferns” saved.')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Tag name' }), { target: { value: 'Echeveria' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(/#echeveria — 2 uses, at the top/)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Parent' }), { target: { value: 'ferns' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(api.to('PUT /api/iam/tags/update')[1]?.body).toMatchObject({ tagDetails: { name: 'echeveria', parentName: 'ferns' } }));
    expect(await screen.findByText('#echeveria is now under #ferns.')).toBeTruthy();
    expect(screen.queryByText(/Coming to this page/)).toBeNull();
  });

  it('says a found tag is being deleted, and offers no move, edit or delete for it', async () => {
    serve({
      'GET /api/iam/tags/get-tags-n-children/parents': () => success(tree()),
      'GET /api/iam/tags/get-single/name/echeveria': () => success(makeTag('echeveria', { usageCount: 2, deleting: true })),
    });
    renderRoute('/admin/tags', { auth: AUTH.admin });
    fireEvent.change(await screen.findByRole('textbox', { name: 'Tag name' }), { target: { value: 'echeveria' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(/#echeveria is being deleted: it is leaving its posts \(2 uses left\)/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('asks before deleting, saying how much carries the tag, and deletes only on confirmation', async () => {
    const api = serve({
      'GET /api/iam/tags/get-tags-n-children/parents': () => success(tree()),
      'DELETE /api/iam/tags/maidenhair': () => success({ name: 'maidenhair', posts: 3, done: true }),
    });
    renderRoute('/admin/tags', { auth: AUTH.admin });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete maidenhair' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete #maidenhair?' });
    expect(within(dialog).getByText(/3 posts, plants and pages carry #maidenhair/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to('DELETE /api/iam/tags/maidenhair')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete maidenhair' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete #maidenhair?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete tag' }));
    expect(await screen.findByText('#maidenhair deleted; it was taken off 3 posts.')).toBeTruthy();
    expect(api.to('DELETE /api/iam/tags/maidenhair')).toHaveLength(1);
    // A parent with children cannot be deleted from here.
    fireEvent.click(screen.getByRole('button', { name: 'Delete ferns' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete #ferns?' });
    expect(within(dialog).getByText(/has 1 child tag: move them first/)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Delete tag' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when there are no parent tags, and offers a retry when the tree cannot be read', async () => {
    let fail = true;
    serve({ 'GET /api/iam/tags/get-tags-n-children/parents': () => (fail ? failure(503, 'unavailable', 'Busy') : success({ tags: [], more: false })) });
    renderRoute('/admin/tags', { auth: AUTH.admin });
    expect(await screen.findByText('We could not load the tags.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No parent tags yet. Make the first one above.')).toBeTruthy();
  });
});
