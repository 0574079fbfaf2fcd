// Lint: typescript-eslint, plus import rules that hold the architecture's import directions.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/**
 * A cancelled transaction is read by what failed, never by an item's position (which moves when
 * items are added before it): `named(name, item)` where the items are built, then
 * `failedChecks(out, items).has(name)`. Listed in each block that sets no-restricted-syntax for
 * these files (a later block's options replace an earlier's).
 */
const NAMED_CHECKS = {
  selector: "CallExpression[callee.name='conditionFailed'], CallExpression[callee.property.name='conditionFailed']",
  message: "Read a transaction's failed conditions by name: named('what-it-holds', item) where the items are built, then failedChecks(out, items).has('what-it-holds'), never by position.",
};

// ---- web/src zones (bulletproof-react's layering) ----------------------------------------------
// app/ composes features; a feature imports no other feature and never app/; components/, hooks/,
// lib/ and config/ (what every feature shares) import no feature and not app/. What several
// features need moves down into those folders, or app/ passes it in. Test harnesses (testing/,
// a feature's testing.tsx) assemble the app and are outside the zones.
const WEB_FEATURES = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_ZONES = [
  ...['components', 'hooks', 'lib', 'config'].map((shared) => ({
    target: `./web/src/${shared}`,
    from: ['./web/src/features', './web/src/app'],
    message: `${shared}/ is shared by every feature: it imports no feature and not app/ (move the piece down, or let app/ pass it in)`,
  })),
  ...WEB_FEATURES.map((feature) => ({
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'a feature imports no other feature: move what both use down into components/, hooks/ or lib/, or let app/ compose them',
  })),
  { target: './web/src/features', from: './web/src/app', message: 'features do not import app/: app/ composes them' },
];
const WEB_LAYERS = {
  files: ['web/src/**/*.{ts,tsx}'],
  ignores: ['web/src/testing/**', 'web/src/features/*/testing.{ts,tsx}'],
  rules: {
    // A later block's options replace an earlier's, so web's outer boundary is restated here.
    'import-x/no-restricted-paths': [
      'error',
      {
        zones: [
          { target: './web', from: ['./functions', './infra', './test'], message: 'web/ reaches the server over HTTP only; share code through shared/' },
          ...WEB_ZONES,
        ],
      },
    ],
  },
};

// The SPA calls routes by their contract key (api.call), so input and answer types come from
// shared/contract; the untyped transport is the client's own business (web/src/lib).
const WEB_UNTYPED_TRANSPORT = {
  selector: "CallExpression[callee.object.name='api'][callee.property.name=/^(get|post|put|delete|request)$/]",
  message: "Call routes through api.call('METHOD /path', input): their types come from shared/contract.",
};
// A route is called from its feature's api/ folder (features/<feature>/api/<resource>.ts), or from
// lib/ when several features share it: components, hooks and screens use those functions and hooks.
const WEB_ROUTE_CALLS = {
  files: ['web/src/**/*.{ts,tsx}'],
  ignores: ['web/src/lib/**', 'web/src/features/*/api/**', 'web/src/**/*.test.{ts,tsx}'],
  rules: {
    // Restates the transport rule, whose options this block's replace.
    'no-restricted-syntax': [
      'error',
      WEB_UNTYPED_TRANSPORT,
      {
        selector: "MemberExpression[object.name='api'][property.name='call']",
        message: "Routes are called in a feature's api/ folder (features/<feature>/api/<resource>.ts), or in lib/ when features share them: call that function or hook here.",
      },
    ],
  },
};
// ---- end of web/src zones ----------------------------------------------------------------------

// ---- functions/ domain layers ------------------------------------------------------------------
// A domain's logic imports only domains of lower layers (never one of its own layer), so no two
// domains import each other and a change low down is read upwards only. Handlers (a domain's
// handlers/ folder) and route tables stand above every layer: a handler calls any domain's logic.
// What several domains need moves down (who blocks whom is users/blocks.ts; where an owner's
// listings are found is listings/); what reaches many domains moves up (cascades/: deleting an
// account or a page takes its posts, events, messages and memberships with it).
const FUNCTION_LAYERS = [
  ['db'], // the table: entities, item builders, transactions, reads
  ['lib'], // errors, middleware, sessions, paging, rate limits
  ['images', 'listings', 'location', 'site-settings', 'tags'],
  ['users'], // members, their settings, blocks and permissions
  ['notifications'],
  ['pages'], // pages, their roles and members
  ['posts', 'events', 'messages'],
  ['comments', 'realtime'],
  ['reactions', 'feeds', 'reports', 'swaps', 'wanted'], // reports: what members report, and the admins' actions on it; swaps: requests on listings; wanted: wanted lists and their matching
  ['auth', 'forms', 'search', 'admin', 'mail', 'exports'], // mail: the unsubscribe link turns a member's setting off; exports: a member's data export
  ['cascades'], // what deleting an account or a page takes with it
  ['system'], // the jobs
];
const FUNCTION_DOMAINS = readdirSync(new URL('./functions', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = FUNCTION_DOMAINS.filter((domain) => !FUNCTION_LAYERS.flat().includes(domain));
if (unplaced.length) throw new Error(`eslint.config.js: place functions/${unplaced.join(', functions/')} in FUNCTION_LAYERS (which domains may it import, which may import it?)`);
const FUNCTIONS_ZONES = [
  { target: './functions', from: ['./infra', './web', './test'], message: 'handlers never know which host runs them' },
  { target: './functions/db', from: ['./functions/lib/middleware', './functions/lib/http.ts', './functions/lib/wrap.ts', './functions/lib/errors.ts'], message: 'functions/db knows no HTTP (it throws its own errors, functions/db/errors.ts)' },
];
const DOMAIN_ZONES = FUNCTION_LAYERS.flatMap((layer, i) => {
  const notBelow = FUNCTION_LAYERS.slice(i).flat();
  return layer.map((domain) => ({
    target: `./functions/${domain}`,
    from: notBelow.filter((other) => other !== domain).map((other) => `./functions/${other}`),
    message: `functions/${domain} imports only the domains of lower layers (FUNCTION_LAYERS in eslint.config.js): move what both need down, or what reaches both up (a handler may call either)`,
  }));
}).filter((zone) => zone.from.length);
const FUNCTION_DOMAIN_LAYERS = {
  files: ['functions/*/**/*.ts'],
  ignores: ['functions/*/handlers/**', 'functions/*/routes.ts'],
  rules: {
    // A later block's options replace an earlier's, so the outer zones of functions/ are restated.
    'import-x/no-restricted-paths': ['error', { zones: [...FUNCTIONS_ZONES, ...DOMAIN_ZONES] }],
  },
};
// ---- end of functions/ domain layers -----------------------------------------------------------

/**
 * The SPA says dates in one place, web/src/lib/format-date.ts (one day style, an event's time at
 * its place with the zone named): nowhere else makes an Intl date formatter or asks a Date for its
 * locale string. Numbers keep toLocaleString. no-restricted-properties, so as not to replace the
 * no-restricted-syntax options of the other web blocks.
 */
const WEB_DATE_FORMATTING = {
  files: ['web/src/**/*.{ts,tsx}'],
  ignores: ['web/src/lib/format-date.ts', 'web/src/lib/format-date.test.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      ...['DateTimeFormat', 'RelativeTimeFormat'].map((property) => ({ object: 'Intl', property, message: 'Say dates through web/src/lib/format-date.ts (formatDay, formatDateTime, formatEventTime, …), the SPA\'s one date formatter.' })),
      ...['toLocaleDateString', 'toLocaleTimeString'].map((property) => ({ property, message: 'Say dates through web/src/lib/format-date.ts (formatDay, formatTime, …), the SPA\'s one date formatter.' })),
    ],
  },
};

/** What Lambdas bundle validates with zod's functional API (zod/mini); see the block that lists it. */
const ZOD_MINI = {
  selector: "ImportDeclaration[source.value='zod'][importKind!='type']",
  message: "Import zod/mini (import * as z from 'zod/mini'): classic zod does not tree-shake out of the Lambda bundles.",
};

/**
 * DynamoDB is spoken in functions/db/ only: entities, the builders of the raw kinds
 * (functions/db/items/) and of write.ts, and the reads of batch.ts. Domain code says what it
 * writes or reads; no expression, expression names or values, and no DynamoDB SDK outside.
 */
const EXPRESSION_KEYS = '/^(UpdateExpression|ConditionExpression|KeyConditionExpression|FilterExpression|ProjectionExpression|ExpressionAttributeNames|ExpressionAttributeValues)$/';
const DATA_LAYER_SYNTAX = [
  {
    selector: `Property[key.name=${EXPRESSION_KEYS}], Property[key.value=${EXPRESSION_KEYS}]`,
    message: 'DynamoDB expressions are written in functions/db/ only: build the item with an entity, a builder of functions/db/items/, or conditionCheck/putItem/deleteItem/updateItem/addItem with a condition of functions/db/condition.ts.',
  },
  {
    selector: "Property[key.name='TableName'], Property[key.value='TableName']",
    message: 'Transaction items and commands are built in functions/db/ only (an entity, a builder of functions/db/items/, or functions/db/write.ts), never by hand.',
  },
];
const HANDLER_IMPORTS = { group: ['react', 'react-dom', 'react-router', 'aws-cdk-lib', 'aws-cdk-lib/*', 'constructs'], message: 'handlers hold no UI and no infrastructure code' };
const DATA_LAYER_IMPORTS = { group: ['@aws-sdk/*dynamodb*', '@aws-sdk/*dynamodb*/*'], message: 'The DynamoDB SDK is used in functions/db/ only: read and write through its entities, builders and reads.' };

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'cdk.out*/', '.cdk/', '.tmp/', '.data/', 'test-results/', 'bench/results.json'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { URL: 'readonly', console: 'readonly', process: 'readonly' } },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.json', 'web/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: ['./functions', './infra', './web', './test'], message: 'shared/ imports nothing of ours' },
            { target: './web', from: ['./functions', './infra', './test'], message: 'web/ reaches the server over HTTP only; share code through shared/' },
            ...FUNCTIONS_ZONES,
            { target: './infra/aws', from: './infra/local', message: 'the two hosts do not import each other' },
            { target: './infra/local', from: './infra/aws', message: 'the two hosts do not import each other' },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@aws-sdk/*', 'react', 'react-dom', 'react-router', 'electrodb', '@middy/*'], message: 'shared/ holds no AWS SDK and no React' }] }],
    },
  },
  {
    // The SPA validates with zod/mini only: classic zod (which shared/answers and shared/contract
    // build on) would add its weight to the first load and compile object parsers with eval, which
    // the Content-Security-Policy refuses. The SPA takes their types, never their values.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.test.{ts,tsx}', 'web/src/testing/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'The SPA uses zod/mini (classic zod compiles with eval and is heavy).', allowTypeImports: true }],
          patterns: [{ group: ['@shared/answers/*', '@shared/contract', '@shared/contract/*'], message: 'Built on classic zod: import its types only (import type).', allowTypeImports: true }],
        },
      ],
    },
  },
  {
    // The SPA calls routes by their contract key, never through the untyped transport (see WEB_UNTYPED_TRANSPORT).
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/lib/**', 'web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', WEB_UNTYPED_TRANSPORT],
    },
  },
  {
    files: ['functions/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [HANDLER_IMPORTS] }],
    },
  },
  {
    files: ['functions/**/*.ts', 'test/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', NAMED_CHECKS],
    },
  },
  {
    // What Lambdas bundle validates with zod's functional API (zod/mini), which tree-shakes; classic
    // zod does not (~70 KiB in every bundle). Classic zod is for the answers (shared/answers/) and tests.
    files: ['shared/schemas/**/*.ts', 'functions/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ZOD_MINI, NAMED_CHECKS],
    },
  },
  {
    // Outside functions/db/ (these blocks repeat the rules above, whose options they replace).
    files: ['functions/**/*.ts'],
    ignores: ['functions/db/**', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ZOD_MINI, NAMED_CHECKS, ...DATA_LAYER_SYNTAX],
      'no-restricted-imports': ['error', { patterns: [HANDLER_IMPORTS, DATA_LAYER_IMPORTS] }],
    },
  },
  {
    files: ['functions/**/*.test.ts'],
    ignores: ['functions/db/**'],
    rules: {
      'no-restricted-syntax': ['error', NAMED_CHECKS, ...DATA_LAYER_SYNTAX],
      'no-restricted-imports': ['error', { patterns: [HANDLER_IMPORTS, DATA_LAYER_IMPORTS] }],
    },
  },
  {
    files: ['functions/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@middy/*', 'aws-lambda'], message: 'functions/db knows no HTTP' }] }],
    },
  },
  WEB_LAYERS,
  WEB_ROUTE_CALLS,
  WEB_DATE_FORMATTING,
  FUNCTION_DOMAIN_LAYERS,
);
