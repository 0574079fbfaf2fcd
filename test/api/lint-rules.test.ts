/** The lint rules really hold the architecture's import directions (a rule that never fires is no rule). */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/host';

const eslint = new ESLint({ cwd: REPO_ROOT });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import directions', () => {
  it('shared/ may not import functions/ nor the AWS SDK', async () => {
    expect(await ruleIds('shared/x.ts', "import { routes } from '../functions/routes';\nexport const r = routes;\n")).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('shared/x.ts', "import { S3Client } from '@aws-sdk/client-s3';\nexport const c = S3Client;\n")).toContain('no-restricted-imports');
  });

  it('web/ may not import functions/', async () => {
    expect(await ruleIds('web/src/x.ts', "import { routes } from '../../functions/routes';\nexport const r = routes;\n")).toContain('import-x/no-restricted-paths');
  });

  it('handlers may not import a host', async () => {
    expect(await ruleIds('functions/x.ts', "import { startHost } from '../infra/local/host';\nexport const s = startHost;\n")).toContain('import-x/no-restricted-paths');
  });

  it('the two hosts may not import each other', async () => {
    expect(await ruleIds('infra/aws/x.ts', "import { startHost } from '../local/host';\nexport const s = startHost;\n")).toContain('import-x/no-restricted-paths');
  });

  it('what Lambdas bundle validates with zod/mini, not classic zod (which does not tree-shake)', async () => {
    expect(await ruleIds('shared/schemas/x.ts', "import * as z from 'zod';\nexport const s = z.string();\n")).toContain('no-restricted-syntax');
    expect(await ruleIds('functions/x.ts', "import * as z from 'zod';\nexport const s = z.string();\n")).toContain('no-restricted-syntax');
    expect(await ruleIds('shared/schemas/x.ts', "import * as z from 'zod/mini';\nexport const s = z.string();\n")).toEqual([]);
    expect(await ruleIds('functions/x.ts', "import type * as z from 'zod';\nexport type S = z.ZodType;\n")).toEqual([]);
  });

  it('the SPA says dates through lib/format-date.ts only, and numbers keep toLocaleString', async () => {
    const rule = 'no-restricted-properties';
    const cases = [
      "export const f = new Intl.DateTimeFormat(undefined, { weekday: 'short' });\n",
      "export const r = new Intl.RelativeTimeFormat(undefined);\n",
      'export const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;\n',
      "export const d = (at: Date) => at.toLocaleDateString(undefined, { weekday: 'long' });\n",
      "export const t = (at: string) => new Date(at).toLocaleTimeString(undefined, { hour: 'numeric' });\n",
    ];
    for (const code of cases) {
      expect(await ruleIds('web/src/features/events/components/x.tsx', code), code).toContain(rule);
      expect(await ruleIds('web/src/lib/x.ts', code), code).toContain(rule);
      expect(await ruleIds('web/src/lib/format-date.ts', code), code).not.toContain(rule);
    }
    expect(await ruleIds('web/src/features/events/components/x.tsx', 'export const n = (count: number) => count.toLocaleString();\n')).toEqual([]);
  });

  it('the SPA calls routes by contract key, not through the untyped transport', async () => {
    const untyped = "import { api } from '@/lib/api';\nexport const get = () => api.get<{ x: number }>('/api/health');\n";
    expect(await ruleIds('web/src/features/x/api/x.ts', untyped)).toContain('no-restricted-syntax');
    const typed = "import { api } from '@/lib/api';\nexport const get = () => api.call('GET /api/health');\n";
    expect(await ruleIds('web/src/features/x/api/x.ts', typed)).toEqual([]);
  });

  it('in the SPA a feature imports no other feature, and components/ and lib/ import no feature nor app/', async () => {
    const zone = 'import-x/no-restricted-paths';
    const pagesApi = "import { pagesKeys } from '@/features/pages/api/pages';\nexport const k = pagesKeys;\n";
    expect(await ruleIds('web/src/features/events/components/x.tsx', pagesApi)).toContain(zone);
    expect(await ruleIds('web/src/features/events/x.ts', "import { pagesKeys } from '../pages/api/pages';\nexport const k = pagesKeys;\n")).toContain(zone);
    expect(await ruleIds('web/src/components/x.tsx', pagesApi)).toContain(zone);
    expect(await ruleIds('web/src/lib/x.ts', "import { router } from '@/app/router';\nexport const r = router;\n")).toContain(zone);
    expect(await ruleIds('web/src/features/events/x.ts', "import { router } from '@/app/router';\nexport const r = router;\n")).toContain(zone);
    // Within a feature, down into shared folders, and app/ composing features: allowed.
    expect(await ruleIds('web/src/features/pages/x.ts', pagesApi)).toEqual([]);
    expect(await ruleIds('web/src/features/pages/x.ts', "import { useAuth } from '@/lib/auth/auth-store';\nexport const u = useAuth;\n")).toEqual([]);
    expect(await ruleIds('web/src/app/x.ts', pagesApi)).toEqual([]);
  });

  it('in the SPA routes are called in a feature\'s api/ folder or in lib/, never from a component, hook or screen', async () => {
    const call = "import { api } from '@/lib/api';\nexport const get = () => api.call('GET /api/health');\n";
    for (const file of ['web/src/features/events/components/x.tsx', 'web/src/features/messages/hooks/x.ts', 'web/src/app/screens/x.tsx', 'web/src/components/x.tsx', 'web/src/features/events/x.ts']) {
      expect(await ruleIds(file, call), file).toContain('no-restricted-syntax');
    }
    // Handing the call on is calling it.
    expect(await ruleIds('web/src/app/x.ts', "import { api } from '@/lib/api';\nexport const call = api.call;\n")).toContain('no-restricted-syntax');
    // The untyped transport stays refused there too.
    expect(await ruleIds('web/src/app/x.ts', "import { api } from '@/lib/api';\nexport const get = () => api.get('/api/health');\n")).toContain('no-restricted-syntax');
    // A feature's api/ folder, and lib/ (what several features share, and the transport).
    expect(await ruleIds('web/src/features/events/api/x.ts', call)).toEqual([]);
    expect(await ruleIds('web/src/lib/x.ts', call)).toEqual([]);
    // What screens do instead: use the feature's call.
    expect(await ruleIds('web/src/app/x.ts', "import { getPost } from '@/features/content/api/posts';\nexport const get = () => getPost('p');\n")).toEqual([]);
  });

  it('a transaction\'s failed conditions are read by name, not by position', async () => {
    const positional = "declare function conditionFailed(out: unknown, index: number): boolean;\nexport const lost = (out: unknown) => conditionFailed(out, 0);\n";
    expect(await ruleIds('functions/x.ts', positional)).toContain('no-restricted-syntax');
    expect(await ruleIds('functions/x.test.ts', positional)).toContain('no-restricted-syntax');
    expect(await ruleIds('test/api/x.test.ts', positional)).toContain('no-restricted-syntax');
    const byName = "import { failedChecks, type TxItem, type TxOutcome } from './db/transact';\nexport const lost = (out: TxOutcome, items: TxItem[]) => failedChecks(out, items).has('post-id-free');\n";
    expect(await ruleIds('functions/x.ts', byName)).toEqual([]);
  });

  it('DynamoDB is spoken in functions/db/ only: no DynamoDB SDK and no expressions elsewhere in functions/', async () => {
    const sdk = "import { QueryCommand } from '@aws-sdk/lib-dynamodb';\nexport const q = QueryCommand;\n";
    expect(await ruleIds('functions/events/x.ts', sdk)).toContain('no-restricted-imports');
    expect(await ruleIds('functions/system/x.test.ts', "import { marshall } from '@aws-sdk/util-dynamodb';\nexport const m = marshall;\n")).toContain('no-restricted-imports');
    expect(await ruleIds('functions/system/x.ts', "import type { AttributeValue } from '@aws-sdk/client-dynamodb';\nexport type A = AttributeValue;\n")).toContain('no-restricted-imports');
    const raw = "export const item = { Update: { Key: { pk: 'a', sk: 'b' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } };\n";
    expect(await ruleIds('functions/events/x.ts', raw)).toContain('no-restricted-syntax');
    expect(await ruleIds('functions/events/x.ts', "export const check = { 'ConditionExpression': 'attribute_exists(pk)' };\n")).toContain('no-restricted-syntax');
    expect(await ruleIds('functions/events/x.ts', "export const q = { KeyConditionExpression: 'pk = :pk', ProjectionExpression: 'sk' };\n")).toContain('no-restricted-syntax');
    // A hand-built item needs no expression to be one.
    expect(await ruleIds('functions/events/x.ts', "export const put = { Put: { TableName: 'main', Item: { pk: 'a', sk: 'b' } } };\n")).toContain('no-restricted-syntax');
    // The data layer itself, and the tests' and hosts' own tools, may.
    expect(await ruleIds('functions/db/x.ts', sdk)).toEqual([]);
    expect(await ruleIds('functions/db/x.ts', raw)).toEqual([]);
    expect(await ruleIds('test/support/x.ts', sdk)).toEqual([]);
    expect(await ruleIds('infra/local/x.ts', sdk)).toEqual([]);
    // What domain code writes instead.
    const byBuilder = "import { and, eq, live } from '../db/condition';\nimport { conditionCheck } from '../db/write';\nexport const check = conditionCheck({ pk: 'a', sk: 'b' }, and(live(), eq('sequence', 3)));\n";
    expect(await ruleIds('functions/events/x.ts', byBuilder)).toEqual([]);
  });

  it('the data layer knows no HTTP errors', async () => {
    expect(await ruleIds('functions/db/x.ts', "import { serviceUnavailable } from '../lib/errors';\nexport const e = serviceUnavailable;\n")).toContain('import-x/no-restricted-paths');
  });

  it("a backend domain's logic imports only lower layers; handlers import any domain", async () => {
    const zone = 'import-x/no-restricted-paths';
    // Upwards (users sit below pages), within a layer (posts beside events), and down into a
    // cascade (which stands above the domains it reaches): refused.
    expect(await ruleIds('functions/users/x.ts', "import { getPage } from '../pages/pages';\nexport const g = getPage;\n")).toContain(zone);
    expect(await ruleIds('functions/posts/x.ts', "import { deleteEventsOf } from '../events/removal';\nexport const d = deleteEventsOf;\n")).toContain(zone);
    expect(await ruleIds('functions/pages/x.ts', "import { sweepPage } from '../cascades/page-deletion';\nexport const s = sweepPage;\n")).toContain(zone);
    expect(await ruleIds('functions/lib/x.ts', "import { getUser } from '../users/users';\nexport const g = getUser;\n")).toContain(zone);
    // mail (the unsubscribe link) sits above the domains whose mails it stops: events may not import it, it may import users.
    expect(await ruleIds('functions/events/x.ts', "import { unsubscribe } from '../mail/opt-out';\nexport const u = unsubscribe;\n")).toContain(zone);
    expect(await ruleIds('functions/mail/x.ts', "import { turnOffMailSetting } from '../users/settings-store';\nexport const t = turnOffMailSetting;\n")).toEqual([]);
    // Downwards, and from a handler to any domain: allowed.
    expect(await ruleIds('functions/pages/x.ts', "import { getUser } from '../users/users';\nexport const g = getUser;\n")).toEqual([]);
    expect(await ruleIds('functions/pages/handlers/x.ts', "import { deletePage } from '../../cascades/page-deletion';\nexport const d = deletePage;\n")).toEqual([]);
  });

  it('allowed directions pass', async () => {
    expect(await ruleIds('functions/x.ts', "import { TABLE } from './db/table';\nexport const t = TABLE;\n")).toEqual([]);
  });
});
