/**
 * Demo data for a first `npm start`: the site's settings around the default location and demo
 * accounts. Each part runs once per database (a marker item records it). Later features add
 * their demo pages, plant posts and events here.
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

/**
 * Creates the demo accounts through the same domain functions the API uses (account with its
 * e-mail claim, then registration with its handle claim), verified and registered.
 */
export async function seedDemoUsers(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: USERS_MARKER }));
  if (marker.Item) return false;
  const { hashPassword } = await import('../../functions/auth/passwords');
  const { createAccount, completeRegistration, saveUser, userIdByEmail, withLocation } = await import('../../functions/users/users');
  const home = DEFAULT_SITE.defaultLocation;
  for (const demo of DEMO_USERS) {
    if (await userIdByEmail(demo.email)) continue;
    const created = await createAccount(demo.email, await hashPassword(demo.password));
    if (!created) continue;
    const verified = await saveUser({ ...created, emailVerified: true });
    await completeRegistration(
      verified,
      withLocation(
        { username: demo.username, firstName: demo.firstName, lastName: demo.lastName, motivations: ['swap', 'learn'], suburbCity: home.suburb_city, state: home.state, country: home.country },
        home.latitude + demo.offset[0],
        home.longitude + demo.offset[1],
      ),
    );
  }
  await doc.send(new PutCommand({ TableName: table, Item: { ...USERS_MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
