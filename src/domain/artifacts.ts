/**
 * What the domain's engines and stages hand up to the tools (docs/design.md §3, §5): the lane a
 * stage runs on and the files a student receives. Defined here, one floor below `tools/`, so the
 * media engines can name them without importing the tool contract; `tools/contract.ts` re-exports them.
 */

/** Where a stage runs. `gpu` is an exclusive resource (docs/design.md §5): FLUX and XTTS share one card. */
export type Lane = 'cpu' | 'gpu';

/** A file the owner should receive (cover PNG, narration WAV, …). */
export interface Artifact {
  kind: 'imagen' | 'audio' | 'documento';
  path: string;
  mime: string;
  /** Short Spanish caption, e.g. "Semana 12 · Mitosis — motor maqueta". */
  caption?: string;
  meta?: Record<string, unknown>;
}

/** What a tool returns: its structured data (rendered for the model at the edge) and its files. */
export interface ToolOutput<D = unknown> {
  /** JSON-serialisable facts (ids, paths, engine…); never prose meant to be read back. */
  data: D;
  artifacts?: Artifact[];
}
