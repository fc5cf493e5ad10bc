import { describe, expect, it } from 'vitest';
import { fastTestFiles } from './fast-test-files.ts';

const modules = new Map([
  ['server/app.ts', "import { leadRoutes } from './leads/index.ts';"],
  ['server/leads/index.ts', "export { intake } from './lead-intake.ts';"],
  ['server/leads/lead-intake.ts', "import { csvLine } from './csv.ts';"],
  ['server/leads/csv.ts', 'export const csvLine = 1;'],
  ['server/leads/lead-routes.ts', "import { intake } from './lead-intake.ts';"],
  ['server/leads/lead-intake.test.ts', "import { intake } from './lead-intake.ts';"],
  ['server/leads/lead-intake.sqlite.test.ts', "import { createTestApp } from '../test-support/test-app.ts';"],
  ['server/leads/lead-forms.test.ts', "import { createTestApp } from '../test-support/test-app.ts';"],
  ['server/leads/csv.test.ts', "import { csvLine } from './csv.ts';"],
  ['server/test-support/test-app.ts', "import { buildApp } from '../app.ts';"],
  ['server/api.test.ts', "import { buildApp } from './app.ts';"],
  ['src/ui/button.tsx', 'export const Button = 1;'],
  ['src/content/virtual.d.ts', "declare module 'virtual:routes' {}"],
  ['server/test-support/global-setup.ts', "declare module 'vitest' {\n}"],
  ['src/ui/button.test.tsx', "import { Button } from './button.tsx';"],
  ['src/site/contact.tsx', "import { Button } from '@/ui/button.tsx';"],
  ['src/site/contact.test.tsx', "import { Contact } from './contact.tsx';"],
  ['tests/e2e/buttons.test.ts', "import { Button } from '../../src/ui/button.tsx';"],
]);

describe('the test files of a change', () => {
  it("are a module's own tests and the tests that import it directly", () => {
    expect(fastTestFiles(modules, ['server/leads/lead-intake.ts']).tests).toEqual([
      'server/leads/lead-intake.sqlite.test.ts',
      'server/leads/lead-intake.test.ts',
    ]);
    expect(fastTestFiles(modules, ['src/ui/button.tsx']).tests).toEqual(['src/ui/button.test.tsx']);
  });

  it('leave out the tests that reach the module only through others (server/app.ts), and the browser tests', () => {
    const { tests } = fastTestFiles(modules, ['server/leads/csv.ts', 'src/ui/button.tsx']);
    expect(tests).toEqual(['server/leads/csv.test.ts', 'src/ui/button.test.tsx']);
    expect(tests).not.toContain('server/api.test.ts');
    expect(tests).not.toContain('tests/e2e/buttons.test.ts');
  });

  it("are its folder's test files for a module that no test names", () => {
    expect(fastTestFiles(modules, ['server/leads/lead-routes.ts']).tests).toEqual([
      'server/leads/csv.test.ts',
      'server/leads/lead-forms.test.ts',
      'server/leads/lead-intake.sqlite.test.ts',
      'server/leads/lead-intake.test.ts',
    ]);
  });

  it('are the changed test files themselves, and nothing for a change that is no module', () => {
    expect(fastTestFiles(modules, ['server/leads/lead-forms.test.ts']).tests).toEqual([
      'server/leads/lead-forms.test.ts',
    ]);
    expect(fastTestFiles(modules, ['README.md', 'server/leads/gone.ts'])).toEqual({ tests: [], typecheck: [] });
  });
});

describe('the modules a change typechecks', () => {
  it('are the changed modules, their direct importers and the declarations of types, not every module up to the app', () => {
    expect(fastTestFiles(modules, ['src/ui/button.tsx']).typecheck).toEqual([
      'server/test-support/global-setup.ts',
      'src/content/virtual.d.ts',
      'src/site/contact.tsx',
      'src/ui/button.test.tsx',
      'src/ui/button.tsx',
      'tests/e2e/buttons.test.ts',
    ]);
    expect(fastTestFiles(modules, ['server/leads/csv.ts']).typecheck).not.toContain('server/app.ts');
  });
});
