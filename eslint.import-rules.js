// ../shared/DESIGN.md "Layout of the repository": imports flow one way. Each zone forbids `target` importing `from`.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importPlugin from 'eslint-plugin-import';
import { apiFeatures, serverFeatures, serverFolders } from './scripts/lib/server-features.mjs';

const resolver = fileURLToPath(new URL('./eslint.resolver.cjs', import.meta.url));
const serverDir = fileURLToPath(new URL('./server', import.meta.url));
const apiDir = fileURLToPath(new URL('./src/api', import.meta.url));

const shared = ['./src/content', './src/ui', './src/api'];
// Rules of the domain that the browser and the server both apply (a term's URL name, the words of a search, the text
// of HTML, when a post is public): written once, importing nothing but the generated types.
const domain = './src/domain';
const features = ['./src/site', './src/blog', './src/admin', './src/app'];

const zones = [
  ...shared.map((target) => ({
    target,
    from: [...features, './src/sections'],
    message: 'Shared layers (src/content, src/ui, src/api) import no feature and no section.',
  })),
  {
    target: domain,
    from: './src',
    except: ['./domain', './content/types.gen.ts'],
    message: 'src/domain holds rules both sides import: it imports only itself and the generated types.',
  },
  {
    target: './src/sections',
    from: features,
    message: 'A section imports only the shared layers (src/content, src/ui, src/api): it renders what it is given.',
  },
  ...['./src/site', './src/blog', './src/admin'].map((target) => ({
    target,
    from: features.filter((feature) => feature !== target),
    message: 'Features (src/site, src/blog, src/admin) never import each other or src/app: src/app wires them.',
  })),
  {
    target: './src/app',
    from: './src/admin',
    except: [
      './admin-routes.ts',
      './admin-pages.ts',
      './editor-pages.ts',
      './studio-pages.ts',
      './audience-pages.ts',
      './newsletter-pages.ts',
    ],
    message: 'Nothing public imports src/admin but its route table and its lazy chunks.',
  },
  { target: './src', from: './server', message: 'The browser app never imports the server.' },
  {
    target: './server',
    from: './scripts',
    message: 'The server and its test harness (server/test-support) never import scripts/: scripts import them.',
  },
  {
    target: './server',
    from: './src',
    except: ['./content/types.gen.ts', './entry-server.tsx', './domain'],
    message: 'The server imports from src/ only the generated types, the domain rules and the server-render entry.',
  },
  {
    target: './server/lib',
    from: ['./server', './src'],
    except: ['./lib'],
    message: 'server/lib holds tools with no knowledge of the product (CSV): it imports only itself and packages.',
  },
  // One folder per feature on the server (server/blog, server/leads, ...): another folder, the wiring at the top
  // included, reaches a feature only through its index.ts, so that what a feature offers the rest is one file.
  ...serverFeatures(readdirSync(serverDir, { withFileTypes: true })).map((feature) => ({
    target: [
      './server/*.ts',
      ...serverFolders(readdirSync(serverDir, { withFileTypes: true }))
        .filter((folder) => folder !== feature)
        .map((folder) => `./server/${folder}`),
    ],
    from: `./server/${feature}`,
    except: ['./index.ts'],
    message: `Another folder of the server reaches server/${feature}/ only through server/${feature}/index.ts.`,
  })),
  // The browser's API calls, grouped by the same features (src/api/blog, src/api/leads, ...): the shared files at the
  // top of src/api and its other folders reach a feature only through its index.ts. The app's pages import each call
  // from its own module, so that a page's bundle holds the calls it makes and no more.
  ...apiFeatures(readdirSync(apiDir, { withFileTypes: true })).map((feature) => ({
    target: [
      './src/api/*.ts',
      './src/api/*.tsx',
      ...serverFolders(readdirSync(apiDir, { withFileTypes: true }))
        .filter((folder) => folder !== feature)
        .map((folder) => `./src/api/${folder}`),
    ],
    from: `./src/api/${feature}`,
    except: ['./index.ts'],
    message: `Another file of src/api reaches src/api/${feature}/ only through src/api/${feature}/index.ts.`,
  })),
];

// The admin chunks may be reached only by import() from src/app, so no public page downloads them.
const lazyAdmin = {
  files: ['src/app/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@/admin/*', '!@/admin/admin-routes.ts'],
            message: 'Load admin pages with import() through loadChunk, so they stay out of public bundles.',
          },
        ],
      },
    ],
  },
};

// A migration is frozen in time (../shared/STYLE.md, Kysely's example): it imports Kysely and Node, never the app, so that
// changing the app never changes what an old migration does to a database.
const frozenMigrations = {
  files: ['server/store/migrations/*.ts'],
  ignores: ['server/store/migrations/index.ts', 'server/store/migrations/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(?!kysely$|node:)',
            message: 'A migration imports only kysely and node: copy what it needs from the app into it.',
          },
        ],
      },
    ],
  },
};

export const importRules = [
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { [resolver]: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      // Import cycles are refused by scripts/check-import-cycles.ts, also part of npm run lint.
    },
  },
  lazyAdmin,
  frozenMigrations,
];
