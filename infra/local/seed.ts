/**
 * Demo data for a first `npm start`: the site's settings around the default location. Runs once
 * per database (a marker item records it). Later features add their demo users, pages, plant
 * posts and events here.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { Service } from 'electrodb';
import { SiteSetting } from '../../functions/db/entities/site-setting';
import { DEFAULT_SITE, SITE_SETTING_NAMES } from '../../shared/site';

const MARKER = { pk: 'seed', sk: 'demo#v1' };

export async function seedDemoData(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return false;
  const svc = new Service({ siteSetting: SiteSetting }, { client: doc, table });
  await svc.entities.siteSetting
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
