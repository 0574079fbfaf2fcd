import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderContent, responder } from '../testing';
import { Responders } from './responders';

describe('Responders', () => {
  it('lists each person once, with a link to their profile', () => {
    const fern = responder(1, 'fern_fan');
    renderContent(<Responders title="Liked by" empty="" responders={[fern, responder(2, 'moss_lover'), { ...fern }, { ...responder(2, 'moss_lover'), avatar: 'avatars/x.jpg' }]} />);
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['FFFern Fan', '/fern_fan'],
      ['MLMoss Lover', '/moss_lover'],
    ]);
  });

  it('names a deleted account "Former member", with no link', () => {
    renderContent(<Responders title="Liked by" empty="" responders={[{ uuid: 'gone', username: 'former-member', name: 'Former member', avatar: null }]} />);
    const list = screen.getByRole('list');
    expect(list.textContent).toBe('FMFormer member');
    expect(within(list).queryByRole('link')).toBeNull();
  });

  it('says when there is nobody to list', () => {
    renderContent(<Responders title="People in this conversation" responders={[]} empty="Nobody has commented yet." />);
    expect(screen.getByRole('region', { name: 'People in this conversation' }).textContent).toContain('Nobody has commented yet.');
  });
});
