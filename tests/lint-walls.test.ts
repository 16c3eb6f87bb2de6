/**
 * The walls between folders hold: eslint.config.js refuses an import across each one
 * (no-restricted-imports) and lets the allowed direction through.
 */
import { ESLint } from 'eslint';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  // The walls are syntax rules: the typed rules (and the type program they build for each text) are off here.
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: join(root, 'eslint.config.js'),
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/switch-exhaustiveness-check': 'off',
      },
    },
  });
});

/** The no-restricted-imports messages for `import { x } from '<spec>'` written in `file`. */
async function restricted(file: string, spec: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${spec}';\nexport { x };\n`, { filePath: join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const crossings: [file: string, spec: string, wall: RegExp][] = [
  ['main/services/session.ts', '../bridge/event-bus', /main\/services .* never imports them/],
  ['main/services/index.ts', '../bridge', /main\/services .* never imports them/],
  ['main/services/exports.ts', '../electron/dialogs', /main\/services .* never imports them/],
  ['main/services/system.ts', '../host/embedded-api', /main\/services .* never imports them/],
  ['main/services/packaging/create.ts', '../../bridge/event-bus', /main\/services .* never imports them/],
  ['main/services/packaging/create.ts', '../../../main/host/server', /main\/services .* never imports them/],
  ['main/services/api-client.ts', '../../server/api/principal', /main\/ and server\/ never import each other/],
  ['main/config.ts', '../server/app', /main\/ and server\/ never import each other/],
  ['main/bridge/handlers/api.ts', '../../../server/api/lists/types', /main\/ and server\/ never import each other/],
  ['main/electron/embedded-api.ts', '../host/embedded-api', /two transports/],
  ['main/electron/index.ts', '../../server/cli', /main\/ and server\/ never import each other/],
  ['main/host/index.ts', '../electron/window', /two transports/],
  ['server/app.ts', '../main/config', /server\/ never imports main\//],
  ['server/api/routes/export.ts', '../../../main/services/exports', /server\/ never imports main\//],
  ['server/auth/idp.ts', '../../renderer/lib/api', /server\/ never imports main\//],
  ['server/domain/history.ts', '../api/lists/types', /server\/domain is the write path/],
  ['server/domain/records/write.ts', '../../api/route', /server\/domain is the write path/],
  ['renderer/features/account/AccountPage.tsx', '../../app/layout/BrandSwitch', /Features never import renderer\/app/],
  ['renderer/features/resources/ResourcesPage.tsx', '../../app/layout/navigation', /Features never import renderer\/app/],
  ['renderer/features/auth/SignInPage.tsx', '../../app/guards', /Features never import renderer\/app/],
  ['renderer/features/packaging/PackagingPage.tsx', '../../app/resources', /Features never import renderer\/app/],
  // The record framework and the search screens are layers under the features (issue 28).
  ['renderer/features/records/RecordPage.tsx', '../curation/LiveNextStep', /features\/records is a layer under the features/],
  ['renderer/features/records/RecordRoute.tsx', '../orders/OrderPage', /features\/records is a layer under the features/],
  ['renderer/features/records/RecordPage.tsx', '../search/ExportButton', /features\/records is a layer under the features/],
  ['renderer/features/search/SearchScreen.tsx', '../records/BulkEditDialog', /features\/search is a layer under the features/],
  ['renderer/features/search/SearchScreen.tsx', '../deliveries/ResubmitDialog', /features\/search is a layer under the features/],
  [
    'renderer/features/support/UserCreditsTab.tsx',
    '../orders/OrderPage',
    /A feature imports lib\/, ui\/, features\/records, features\/search and itself only/,
  ],
  [
    'renderer/features/curation/ModuleImagePicker.tsx',
    '../packaging/FinishStep',
    /A feature imports lib\/, ui\/, features\/records, features\/search and itself only/,
  ],
  [
    'renderer/features/service-agreement/ServiceAgreementPage.tsx',
    '../auth/SignInPage',
    /A feature imports lib\/, ui\/, features\/records, features\/search and itself only/,
  ],
];

const allowed: [file: string, spec: string][] = [
  ['main/services/session.ts', './event-bus'],
  ['main/services/session.ts', '../../shared/bridge'],
  ['main/services/packaging/create.ts', '../../../shared/bridge/channels/packaging'],
  ['main/services/index.ts', '../config'],
  ['main/bridge/index.ts', '../services/event-bus'],
  ['main/electron/index.ts', '../bridge'],
  ['main/electron/embedded-api.ts', '../config'],
  ['main/host/index.ts', './server'],
  ['main/host/index.ts', '../services'],
  ['server/app.ts', '../shared/api'],
  ['server/api/routes/export.ts', '../../../shared/bridge'],
  ['server/jobs/encode.ts', '../domain/history'],
  ['server/domain/records/write.ts', '../../db/sql'],
  ['renderer/app/resources.tsx', '../features/packaging/PackagingPage'],
  ['renderer/features/account/AccountPage.tsx', '../../lib/store'],
  ['renderer/features/resources/ResourcesPage.tsx', '../../ui/PageHeader'],
  ['renderer/features/curation/PageSlotsTab.tsx', '../records/api'],
  ['renderer/features/hype/HypeArea.tsx', '../search/SearchScreen'],
  ['renderer/features/records/RecordPage.tsx', './extensions'],
  ['renderer/features/records/ImageUpload.tsx', '../../ui/files/image-pick'],
  ['renderer/features/search/ResultsTable.tsx', '../../lib/search-queries'],
  ['renderer/app/record-tabs.ts', '../features/support/UserCreditsTab'],
  ['renderer/app/record-extensions.tsx', '../features/curation/LiveNextStep'],
];

describe('import walls (eslint.config.js)', () => {
  it.each(crossings)('%s may not import %s', async (file, spec, wall) => {
    expect(await restricted(file, spec)).toEqual(expect.arrayContaining([expect.stringMatching(wall)]));
  });

  it.each(allowed)('%s may import %s', async (file, spec) => {
    expect(await restricted(file, spec)).toEqual([]);
  });
});

describe('query keys are not written where they are used', () => {
  const inline = async (file: string) =>
    (await eslint.lintText("export const q = { queryKey: ['dashboard'], queryFn: () => 1 };\n", { filePath: join(root, file) }))[0].messages
      .filter((m) => m.ruleId === 'no-restricted-syntax')
      .map((m) => m.message);

  it('a component that writes its own key is refused; a key factory may', async () => {
    expect(await inline('renderer/features/dashboard/DashboardPage.tsx')).toEqual([expect.stringMatching(/endpointQuery/)]);
    expect(await inline('renderer/app/layout/BrandSwitch.tsx')).toEqual([expect.stringMatching(/endpointQuery/)]);
    expect(await inline('renderer/features/records/api.ts')).toEqual([]);
    expect(await inline('renderer/features/packaging/queries.ts')).toEqual([]);
    expect(await inline('renderer/lib/system-queries.ts')).toEqual([]);
  });
});

describe('typed rules (eslint.config.js)', () => {
  // The configuration each file is linted with, read without building a type program.
  const configured = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.js') });
  const TYPED = [
    '@typescript-eslint/no-floating-promises',
    '@typescript-eslint/no-misused-promises',
    '@typescript-eslint/switch-exhaustiveness-check',
  ];

  it.each([
    'main/host/index.ts',
    'server/auth/idp.ts',
    'renderer/app/layout/BrandSwitch.tsx',
    'shared/records/define.ts',
    'tests/e2e/shell-reporting.spec.ts',
  ])('%s is linted with the type checker and the three promise and switch rules as errors', async (file) => {
    const config = (await configured.calculateConfigForFile(join(root, file))) as {
      languageOptions: { parserOptions: { projectService?: unknown } };
      rules: Record<string, unknown[]>;
    };
    expect(config.languageOptions.parserOptions.projectService).toBe(true);
    for (const rule of TYPED) expect(config.rules[rule]?.[0], rule).toBe(2);
  });
});
