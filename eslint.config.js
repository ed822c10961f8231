// Lint = typescript-eslint recommended + the layering rule of CONVENTIONS.md:
// data flows bot → agent → scheduler → tools; a lower layer never imports a higher one.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const layer = (dir, forbidden) => ({
  files: [`src/${dir}/**/*.ts`],
  rules: {
    'no-restricted-imports': ['error', {
      patterns: forbidden.map((f) => ({
        group: [`**/${f}/*`, `**/${f}`],
        message: `src/${dir} is a lower layer than src/${f} (bot → agent → scheduler → tools): pass what you need in instead.`,
      })),
    }],
  },
});

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
  // The one module of words sits under every layer that speaks (it may import types from store/tools).
  layer('strings', ['scheduler', 'agent', 'bot', 'webchat', 'cli', 'lanes']),
  layer('lib', ['store', 'tools', 'scheduler', 'agent', 'bot', 'webchat', 'lanes']),
  layer('store', ['tools', 'scheduler', 'agent', 'bot', 'lanes']),
  layer('tools', ['scheduler', 'agent', 'bot', 'lanes']),
  layer('scheduler', ['agent', 'bot', 'lanes']),
  // The BullMQ lane backend (and its worker) implement the scheduler's lane seam over Redis: they run
  // tools' engine calls and know nothing of the agent or the chat; main.ts plugs them in.
  layer('lanes', ['agent', 'bot', 'webchat', 'cli']),
  layer('agent', ['bot', 'webchat']),
  // The embedded Bot API server is a stand-in for Telegram: it knows nothing of the product.
  layer('webchat', ['bot', 'agent', 'scheduler', 'tools']),
);
