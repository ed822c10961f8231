// Lint = typescript-eslint recommended + the layer rule of docs/design.md §20: a lower layer never
// imports a higher one (LAYERS below). `npm run lint` then runs dpdm for import circles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// The layers of the house, top to bottom (issue #23, «The house»). A file may import its own layer
// and any layer below it, never one above nor a peer on its own line (import-x/no-restricted-paths,
// over resolved paths, `import type` included). Import circles are checked apart, by dpdm in
// `npm run lint`, types included: import-x/no-cycle skips `import type`, and most circles of the
// house were type-only (cli.ts ↔ cli/*, agent/run-state ↔ types, tools/media ↔ workers/pool).
// Why this order where it departs from the first sketch (… → store → strings → config → lib):
// - `config` sits above `strings`: its refusals are sentences (strings/console), and strings reads
//   no setting; store still sits above config (prices, model names).
// - the worker threads' entry `workers/work.ts` runs tools' engines and draws the Gantt chart, so it
//   is an entry like main.ts; the pool (`runOffThread`) sits below tools, which call it.
// - `webchat` is a stand-in for Telegram: a peer of the interfaces, and it knows nothing of the
//   product below them either (the rule further down).
// - `strings` speaks of values of the layers above it, so it may `import type` (never a value) from
//   store and tools (the rule further down); its code depends only on lib.
const LAYERS = [
  [['src/main.ts'], ['src/trabajador.ts'], ['src/workers/work.ts'], ['src/pdf-thread.ts', 'src/pdf-thread.mjs'], ['src/ocr-child.ts']], // the entries of processes and threads
  [['src/cli.ts', 'src/cli'], ['src/bot'], ['src/webchat']],         // the interfaces a person uses
  [['src/agent']],
  [['src/lanes']],
  [['src/scheduler']],
  [['src/tools']],
  [['src/domain']],
  [['src/workers/!(work).{ts,mjs}']],
  [['src/store']],
  [['src/config.ts']],
  [['src/strings']],
  [['src/lib'], ['src/errors.ts']],
];
const TYPES_ONLY = { 'src/strings': ['src/store', 'src/tools', 'src/domain'] };
const label = (p) => p.replace(/^src\//, '').replace(/\/!\(.*$/, '').replace(/\.ts$/, '');
const isGlob = (p) => /[*!{(]/.test(p);
const layerZones = LAYERS.flatMap((layer, i) => layer.flatMap((part) => {
  const above = LAYERS.slice(0, i).flat();
  const peers = layer.filter((p) => p !== part);
  const exempt = TYPES_ONLY[part[0]] ?? [];
  return [...above, ...peers].filter((other) => !exempt.includes(other[0])).map((other) => ({
    target: part.map((p) => `./${p}`),
    from: [...new Set(other.map((p) => `./${isGlob(p) ? p.replace(/\/[^/]*$/, '') : p}`))],
    message: `${label(part[0])} may not import ${label(other[0])}: ${above.includes(other) ? 'it sits above' : 'they are peers'} in eslint.config.js LAYERS. Move what both need down, or pass it in.`,
  }));
}));

/**
 * One shape per idea (issue 47): the one text normaliser is src/lib/fold.ts — no other module
 * decomposes text to drop its marks; a button's callback data is written by the callback registry
 * (src/bot/callbacks.ts `format`, through its helpers), never as a literal, a template or a string
 * put together by hand.
 */
const ONE_FOLD = [
  { selector: "CallExpression[callee.property.name='normalize'][arguments.0.value='NFD']", message: 'Accents are folded by src/lib/fold.ts (`fold`), the one text normaliser: call it instead.' },
  { selector: 'Literal[regex.pattern=/\\u03[0-6][0-9a-fA-F]|\\p\\{(M|Mn|Diacritic)\\}/]', message: 'Accents are folded by src/lib/fold.ts (`fold`), the one text normaliser: call it instead.' },
];
const BUTTONS_THROUGH_REGISTRY = [
  { selector: "ObjectExpression > Property[key.name='callback_data'][value.type=/^(Literal|TemplateLiteral|BinaryExpression)$/]", message: "A button's callback data is written by the callback registry (src/bot/callbacks.ts, a kind's `format`), never by hand." },
];
const FOLD_MODULE = 'src/lib/fold.ts';
const REGISTRY = ['src/bot/callbacks.ts', 'src/bot/callbacks-*.ts', 'src/bot/callback-kind.ts'];
const ATOMIC_ONLY_IN_STORE = {
  group: ['**/lib/atomic', '**/lib/atomic.js'],
  message: 'Only store/ writes files: a state file is a durable document (store/document.ts), a made file or a small record goes through store/outputs.ts.',
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'bench/results', 'test/fixtures', '**/*.js', '!eslint.config.js', 'src/webchat/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  { files: ['src/**/*.ts'], ignores: [FOLD_MODULE, ...REGISTRY], rules: { 'no-restricted-syntax': ['error', ...ONE_FOLD, ...BUTTONS_THROUGH_REGISTRY] } },
  { files: [FOLD_MODULE], rules: { 'no-restricted-syntax': ['error', ...BUTTONS_THROUGH_REGISTRY] } },
  { files: REGISTRY, rules: { 'no-restricted-syntax': ['error', ...ONE_FOLD] } },
  {
    // One writer of state (docs/architecture.md, «where state lives»): the atomic writer is store/'s.
    // A state file is a durable document (store/document.ts); a made file or a small record goes
    // through store/outputs.ts. webchat, the stand-in for Telegram, imports nothing of the product
    // and keeps its own chat history with the same writer from lib/. RunStore (agent/run-state.ts)
    // writes run.json through its format's adapter (store/document.ts). Inside store/, only the
    // files that are not a state file's format write by hand: the document itself, made files
    // (outputs), the logs appended to (audit, usage), the search index (rebuilt from the notes), the
    // folder's id, the erase's plan, the class layout's folder sync, and the removal of files a
    // migration replaced (the folder synced first).
    files: ['src/**/*.ts'],
    ignores: [
      ...['document', 'outputs', 'auditChain', 'auditLog', 'usageCsv', 'notesIndex', 'notebookId', 'erase', 'users', 'replaced'].map((f) => `src/store/${f}.ts`),
      'src/webchat/**', 'src/lib/atomic.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [ATOMIC_ONLY_IN_STORE] }],
    },
  },
  {
    files: ['src/strings/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [...['store', 'tools', 'domain'].map((f) => ({
          group: [`**/${f}`, `**/${f}/**`],
          allowTypeImports: true,
          message: `strings may name the types of ${f} (import type) but never run its code: it sits below ${f}.`,
        })), ATOMIC_ONLY_IN_STORE],
      }],
    },
  },
  {
    // The embedded Bot API server is a stand-in for Telegram: it knows nothing of the product.
    files: ['src/webchat/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', {
        zones: [...layerZones.filter((z) => z.target.includes('./src/webchat')), {
          target: './src/webchat',
          from: ['./src/agent', './src/lanes', './src/scheduler', './src/tools', './src/domain', './src/workers'],
          message: 'webchat is a stand-in for Telegram: it knows nothing of the product.',
        }],
      }],
    },
  },
);
