/**
 * The one namespace of owner ids: whose an id is (a member's or a page's), from its claim. A
 * route that takes bare ids of either kind (a conversation's two sides) learns each id's kind
 * here, never from the request.
 */
import { batchGet } from '../db/batch';
import { ownerIdClaimKey, type OwnerIdClaimItem, type OwnerRef } from '../db/entities/owner';
import { db } from '../db/service';

/** The claim of an owner id; null when nobody holds it. */
export async function ownerIdClaimOf(id: string): Promise<OwnerIdClaimItem | null> {
  const { data } = await db().entities.ownerIdClaim.get({ id }).go({ consistent: true });
  return (data as OwnerIdClaimItem | null) ?? null;
}

/** The owners the ids name (one BatchGet of their claims); an id nobody holds is left out. */
export async function ownersOfIds(ids: string[]): Promise<Map<string, OwnerRef>> {
  const items = ids.length ? await batchGet(ids.map(ownerIdClaimKey)) : [];
  const out = new Map<string, OwnerRef>();
  for (const item of items) {
    const claim = db().entities.ownerIdClaim.parse({ Item: item }).data as OwnerIdClaimItem | null;
    if (claim) out.set(claim.id, { type: claim.ownerType, id: claim.id });
  }
  return out;
}
