/**
 * What this process last learned about each GPU server, keyed by engine and URL: the start-up probe
 * (probe.ts) writes it, a real call that succeeds overwrites it, and the dry runs read it so an
 * approval says the GPU image or voice is unavailable before the owner approves it. It also keeps
 * which audio format a speech server turned out to speak (wav, or pcm when it refuses wav), so the
 * refused request is not repeated on every narration.
 */
import type { ErrorCode } from '../../errors.js';
import type { EngineRole, EngineTrouble } from '../../strings/model.js';

export type GpuEngine = 'flux' | 'xtts';
export type SpeechFormat = 'wav' | 'pcm';

export interface EngineOk {
  ok: true;
  engine: GpuEngine;
  url: string;
  /** When it was learned. */
  at: Date;
}

export interface EngineDown {
  ok: false;
  engine: GpuEngine;
  url: string;
  at: Date;
  trouble: EngineTrouble;
  /** The EngineError code behind it, for logs and tests. */
  code: ErrorCode;
}

export type EngineStatus = EngineOk | EngineDown;

/** The role of each engine in words' catalogue (strings/tools.ts `media`). */
export const ENGINE_ROLE: Readonly<Record<GpuEngine, EngineRole>> = Object.freeze({ flux: 'imagen', xtts: 'voz' });

/** How servers say they do not have the model asked for (vLLM, LocalAI, OpenAI-style 404/400 bodies). */
const UNKNOWN_MODEL = /\bmodel\b[^\n]{0,160}?(does not exist|not found|not exist|is not (available|loaded|installed))|\b(unknown|no such) model\b/i;

/** Maps an EngineError code (with its HTTP status and body) to the kind of trouble the owner can act on. */
export function troubleOf(code: ErrorCode, status?: number, body?: string): EngineTrouble {
  if ((code === 'ENGINE_UNAVAILABLE' || code === 'BAD_REQUEST') && body && UNKNOWN_MODEL.test(body)) return 'unknown-model';
  switch (code) {
    case 'ENGINE_UNAVAILABLE': return status === 404 || status === 405 ? 'not-found' : 'unreachable';
    case 'UNAUTHORIZED': return 'unauthorized';
    case 'BAD_REQUEST': return 'refused';
    case 'ENGINE_BAD_RESPONSE': return 'bad-answer';
    case 'TIMEOUT': return 'timeout';
    case 'GPU_OOM': return 'gpu-memory';
    default: return 'busy';
  }
}

/**
 * Whether a probe's trouble means calls will fail until someone changes something (wrong URL,
 * server off, wrong voice, unusable answers) — what the dry run warns about. A busy server, a
 * timeout or a full GPU at start-up may pass by themselves (a model still loading): the console
 * line reports them, and the real call's retries deal with them.
 */
export function blocksCalls(trouble: EngineTrouble): boolean {
  return trouble === 'unreachable' || trouble === 'not-found' || trouble === 'unknown-model' || trouble === 'unauthorized' || trouble === 'refused' || trouble === 'bad-answer';
}

export class EngineHealth {
  private readonly status = new Map<string, EngineStatus>();
  private readonly formats = new Map<string, SpeechFormat>();

  record(s: EngineStatus): void {
    this.status.set(`${s.engine} ${s.url}`, s);
  }

  /** The last thing learned about `engine` at `url`; undefined when nothing was (not probed yet). */
  get(engine: GpuEngine, url: string): EngineStatus | undefined {
    return this.status.get(`${engine} ${url}`);
  }

  /** The trouble that will make calls to `engine` at `url` fail, per the last thing learned; else undefined. */
  blocking(engine: GpuEngine, url: string | undefined): EngineTrouble | undefined {
    const s = url === undefined ? undefined : this.get(engine, url);
    return s && !s.ok && blocksCalls(s.trouble) ? s.trouble : undefined;
  }

  /** The format the speech server at `url` answered in last; undefined = not known, ask wav first. */
  speechFormat(url: string): SpeechFormat | undefined {
    return this.formats.get(url);
  }

  setSpeechFormat(url: string, format: SpeechFormat): void {
    this.formats.set(url, format);
  }
}

/** This process's record, shared by the probe at start-up and the tools (main.ts builds both once). */
export const processHealth = new EngineHealth();
