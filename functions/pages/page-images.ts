/**
 * A page's avatar and cover between upload and page: the claim of a new upload (HEAD of the
 * object) and the retirement of a replaced one (its record, then its object). Only the routes
 * that change images import this, so the others need no bucket grants.
 */
import { PAGE_IMAGE_KEY_PATTERN, PAGE_IMAGE_MAX_BYTES } from '../../shared/content-rules';
import type { TxItem } from '../db/transact';
import { claimImage } from '../images/avatars';
import { removeRetiredUpload, retireUpload } from '../images/pending';

/** The prefix of a page's images. */
export const pageImagesPrefix = (pageId: string): string => `images/pages/${pageId}/`;

export interface PageImageOps {
  claim: (userId: string, pageId: string, key: string, field: 'avatar' | 'cover') => Promise<TxItem>;
  retire: (userId: string, key: string) => TxItem;
  remove: (key: string) => Promise<void>;
}

/** A page image upload of the actor's, claimed for this page (400 naming `field`). */
export function claimPageImage(userId: string, pageId: string, key: string, field: 'avatar' | 'cover'): Promise<TxItem> {
  return claimImage(userId, key, { pattern: PAGE_IMAGE_KEY_PATTERN, prefix: pageImagesPrefix(pageId), maxBytes: PAGE_IMAGE_MAX_BYTES, field });
}

export const pageImageOps: PageImageOps = {
  claim: claimPageImage,
  retire: (userId, key) => retireUpload(userId, key),
  remove: (key) => removeRetiredUpload(key),
};
