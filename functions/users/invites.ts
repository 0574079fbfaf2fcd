/** Invites (U9): a registered member's link that lets someone sign up; admins can switch its validity. */
import { randomUUID } from 'node:crypto';
import type { Invite } from '../../shared/answers/users';
import { invitesOfPartition, type InviteItem } from '../db/entities/invite';
import { db } from '../db/service';
import { notFound } from '../lib/errors';
import { PAGE_SIZE } from '../../shared/constants';
import { onePage, type Page } from '../lib/paging';
import { siteOrigin } from '../lib/site-origin';
import { isConditionFailure } from '../db/transact';

export function toInvite(item: InviteItem): Invite {
  return {
    uuid: item.uuid,
    is_valid: item.isValid,
    created_at: item.createdAt,
    accepted_count: item.acceptedCount,
    link: `${siteOrigin()}/join?invite=${item.uuid}`,
  };
}

export async function createInvite(inviterId: string): Promise<Invite> {
  const { data } = await db().entities.invite.create({ uuid: randomUUID(), inviterId }).go();
  return toInvite(data);
}

/** The inviter's invites, newest first: one Query per page. */
export async function invitesOf(inviterId: string, cursorId: string | undefined): Promise<Page<Invite>> {
  const page = await onePage(cursorId, invitesOfPartition(inviterId), (cursor) =>
    db().entities.invite.query.byInviter({ inviterId }).go({ cursor, limit: PAGE_SIZE, order: 'desc' }),
  );
  return { items: page.items.map(toInvite), cursorId: page.cursorId };
}

export async function setInviteValidity(uuid: string, isValid: boolean): Promise<Invite> {
  try {
    const { data } = await db().entities.invite.patch({ uuid }).set({ isValid }).go({ response: 'all_new' });
    return toInvite(data);
  } catch (err) {
    if (isConditionFailure(err)) throw notFound('No such invite');
    throw err;
  }
}
