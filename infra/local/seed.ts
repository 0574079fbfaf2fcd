/**
 * Demo data for a first `npm start`: the site's settings around the default location and demo
 * accounts. Each part runs once per database (a marker item records it). The demo content
 * (demo-content.ts) and the demo neighbourhood (demo-places.ts) build on these accounts.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { SiteSetting } from '../../functions/db/entities/site-setting';
import { entityOver } from '../../functions/db/service';
import { DEFAULT_SITE, SITE_SETTING_NAMES } from '../../shared/site';

const MARKER = { pk: 'seed', sk: 'demo#v1' };

export async function seedDemoData(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return false;
  const siteSetting = entityOver(SiteSetting, doc, table);
  await siteSetting
    .put([
      { name: SITE_SETTING_NAMES.name, value: DEFAULT_SITE.name, dataType: 'string', isPublic: true },
      { name: SITE_SETTING_NAMES.tagline, value: DEFAULT_SITE.tagline, dataType: 'string', isPublic: true },
      { name: SITE_SETTING_NAMES.defaultLocation, value: JSON.stringify(DEFAULT_SITE.defaultLocation), dataType: 'json', isPublic: true },
      { name: 'phone_required_to_post_plants', value: 'false', dataType: 'boolean', isPublic: true },
    ])
    .go();
  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}

/** Demo accounts for `npm start` (never in tests): one admin (its address is in ADMIN_EMAILS) and two members nearby. */
export const DEMO_USERS = [
  { email: 'admin@example.com', password: 'Leafline-admin-2026', username: 'site_admin', firstName: 'Ada', lastName: 'Admin', offset: [0, 0] },
  { email: 'fern@example.com', password: 'Leafline-demo-2026', username: 'fern_lover', firstName: 'Fern', lastName: 'Gully', offset: [0.02, -0.03] },
  { email: 'moss@example.com', password: 'Leafline-demo-2026', username: 'moss_maker', firstName: 'Moss', lastName: 'Bank', offset: [-0.04, 0.05] },
] as const;

const USERS_MARKER = { pk: 'seed', sk: 'demo-users#v1' };

const demoHashes = new Map<string, Promise<string>>();

/**
 * A hash of a demo password, made once per process and shared by every demo account with that
 * password (scrypt takes about half a second on purpose; demo accounts need no salt of their own).
 */
export function demoPasswordHash(password: string): Promise<string> {
  let hash = demoHashes.get(password);
  if (!hash) {
    hash = import('../../functions/auth/passwords').then(({ hashPassword }) => hashPassword(password));
    demoHashes.set(password, hash);
    hash.catch(() => demoHashes.delete(password));
  }
  return hash;
}

/**
 * Creates the demo accounts through the same domain functions the API uses (account with its
 * e-mail claim, then registration with its handle claim), verified and registered; the accounts
 * in parallel (each its own items).
 */
export async function seedDemoUsers(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: USERS_MARKER }));
  if (marker.Item) return false;
  const { createAccount, completeRegistration, saveUser, userIdByEmail, withLocation } = await import('../../functions/users/users');
  const home = DEFAULT_SITE.defaultLocation;
  await Promise.all(
    DEMO_USERS.map(async (demo) => {
      if (await userIdByEmail(demo.email)) return;
      const created = await createAccount(demo.email, await demoPasswordHash(demo.password));
      if (!created) return;
      const verified = await saveUser({ ...created, emailVerified: true });
      await completeRegistration(
        verified,
        withLocation(
          { username: demo.username, firstName: demo.firstName, lastName: demo.lastName, motivations: ['swap', 'learn'], suburbCity: home.suburb_city, state: home.state, country: home.country },
          home.latitude + demo.offset[0],
          home.longitude + demo.offset[1],
        ),
      );
    }),
  );
  await doc.send(new PutCommand({ TableName: table, Item: { ...USERS_MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
