/**
 * Settings the product under test starts from unless a test sets its own — in this process (the
 * shared helpers spread it into their `loadConfig`), in vitest's workers (`test.env`), and in every
 * child a test starts (`childEnv()`, or `...process.env`).
 *
 * Covers of 256² instead of the default 1024²: 16× fewer pixels to draw, title, check and encode
 * (≈ 0.8 s of CPU per week at 1024², a third of what a whole week cost once the MP3 encoder was
 * wasm), and no test but the ones about the cover's size has the size as its subject. Those set
 * `PORTADA_PX` themselves or build their configuration without this (test/media/cover.test.ts keeps
 * the default 1024² end to end).
 *
 * Threads and children the product starts from its TypeScript sources run their compiled script
 * from dist/ (src/lib/script-beside.ts), which vitest's globalSetup builds before any test: without
 * it each of the ~100 worker threads a run starts registers tsx, with a loader thread of its own.
 * test/lib/script-beside.process.test.ts keeps the tsx path (`npm run dev`) covered.
 */
/**
 * The run's own config folder (vitest.config.ts, privateConfigHome) as the audit keys' default, for
 * the configurations a test builds from an object of its own instead of the process's environment
 * (the in-process CLI runners add it too): without it they fall back to the developer's
 * ~/.config/cuaderno-vivo. Empty outside a vitest run (the kill matrices name their keys folders).
 */
const configHome = process.env.CUADERNO_TESTS_CONFIG_HOME;
export const CONFIG_HOME_ENV: Readonly<Record<string, string>> = Object.freeze<Record<string, string>>(configHome ? { XDG_CONFIG_HOME: configHome } : {});

export const TEST_ENV: Readonly<Record<string, string>> = Object.freeze({ PORTADA_PX: '256', CUADERNO_HILOS_COMPILADOS: '1', ...CONFIG_HOME_ENV });
