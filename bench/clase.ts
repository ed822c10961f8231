/**
 * `npm run bench:clase`: a class of students (default 30) on one bot, each sending «prepara la semana N
 * con flux, narrada con mi voz» at the same instant through the embedded Bot API, every approval
 * answered as it arrives, the GPU stages on 2 GPU workers backed by a stand-in engine with fixed
 * latencies (cover 1.0 s, narration 3.0 s, 4 s of audio). Everything is real and separate: the bot is
 * `src/main.ts` in its own process (class mode, a token pointed at the embedded Bot API), the workers
 * are `npm run trabajador` processes, Redis is a private `redis-server` that keeps nothing on disk.
 *
 * Variants, each on a fresh data folder (and audit keys folder) and a fresh Redis:
 *   cola        REDIS_URL, 2 workers
 *   trabajador  the same; once a third of the GPU requests are answered, a worker that is mid-job is
 *               kill -9'd and a new one started (as a service manager would)
 *   bot         the same; at that point the bot is kill -9'd and started again
 *   redis       the same; at that point Redis is killed and started again empty
 *   proceso     no REDIS_URL: the bot's own in-process GPU lane with 2 slots (GPU_LANES=2)
 *
 * Lower bound of the makespan: the GPU work the engine did ÷ 2 cards, plus the shortest CPU prefix
 * (message → first GPU request) and tail (last GPU answer → report) of one student alone (measured
 * first, the «solo» run). Reported per variant: makespan ÷ lower bound (target ≤ 1.10), each
 * student's completion p50 / p95, fairness violations (target 0) and Jain's index over the students'
 * GPU waiting time (target ≥ 0.95), weeks lost and outputs duplicated (target 0 and 0, checked on
 * each student's own folder: one cover, one narration, one approved result of each in the audit),
 * and the students whose cover or narration never reached the engine (target 0 and 0: the bench
 * fails otherwise — a cover drawn on the CPU would still be a cover in their folder, and the GPU
 * work the bound is made of would be missing from it). The engine tells the bot's start-up probe
 * apart by what it asks (bench/support/gpu-engine.ts), never by its size.
 * Fairness and waits come from the bench's own record, whose jobs are the engine's requests — the
 * speech names the student's voice, the cover's prompt carries a word the bench put in their notes:
 * a job waits from when it was added to the queue until it was taken (the queue's log; for jobs a
 * Redis restart emptied from it, what the worker that took it reports; in-process, from the
 * student's first approval until the engine's request). BullMQ's event log alone is still judged,
 * for comparison (`queueLogViolations`).
 *
 *   npm run bench:clase [-- --alumnos 30 --trabajadores 2 --variantes cola,trabajador,bot,redis,proceso]
 *
 * `--trabajadores N`: N GPU workers (in-process: N GPU slots), the bound's GPU work divided by N.
 * The engine's latencies stay the same at every size, so a week's CPU work to GPU work is the same
 * in a class of 300 as in one of 30. Each variant also reports the bot process's peak memory.
 *
 * Writes bench/results/clase.json, one entry per class size (`30x2`, `300x10`…, each with the machine's
 * load average): a run replaces its own size's and keeps the others', and the table it prints holds
 * every size measured — the class of 300 on 10 workers beside the class of 30. Run it on a quiet
 * machine: it measures the whole stack on 2 cores.
 */
import { mkdir, readFile, readdir, rm, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import type { Message, User } from 'grammy/types';
import { checkFairness, readQueueEvents, type FairnessReport, type QueueEvent } from '../src/lanes/fairness.js';
import { queueName } from '../src/lanes/redis.js';
import { studentOfJobId } from '../src/lanes/job-id.js';
import { DEFAULTS } from '../src/config.js';
import { openNotebook } from '../src/store/index.js';
import { userDataDir } from '../src/store/users.js';
import { writeFileAtomic } from '../src/lib/atomic.js';
import { consentFile } from '../src/domain/media/consent.js';
import { NARRATION_DIRNAME } from '../src/tools/narrar_resumen.js';
import { startEmbeddedTelegram, type EmbeddedTelegram } from '../src/webchat/index.js';
import { ownRedis, spawnNode, until, type NodeProc, type OwnRedis } from '../test/lanes/support.js';
import { startGpuEngine, type EngineCall, type GpuEngine } from './support/gpu-engine.js';
import { jain, pct } from './support/stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TEACHER = 50;
const TOKEN = '7000000001:bench-clase';
// 4 s of audio: short (CPU encoding must not dominate), and long enough to pass the narration's check.
const LATENCY = { imageMs: 1000, speechMs: 3000, audioS: 4 };
const LOCK_MS = 5000; // the workers' job lock: a dead worker's job is taken over within ~this
type Variant = 'solo' | 'cola' | 'trabajador' | 'bot' | 'redis' | 'proceso';
const VARIANTS: Variant[] = ['cola', 'trabajador', 'bot', 'redis', 'proceso'];

const { values: args } = parseArgs({ options: { alumnos: { type: 'string', default: '30' }, trabajadores: { type: 'string', default: '2' }, 'trabajadores-cpu': { type: 'string', default: String(os.availableParallelism()) }, variantes: { type: 'string', default: VARIANTS.join(',') }, perfil: { type: 'string' } } });
/**
 * `--perfil DIR`: the bot runs under `node --cpu-prof` and writes its CPU profile (.cpuprofile, for
 * Chrome's profiler or speedscope) into DIR when the variant ends — it is stopped with SIGTERM then,
 * not killed, so the profile is written. Where the bot's main thread spends its time in a class.
 */
const PROFILE_DIR = args.perfil ? path.resolve(args.perfil) : undefined;
const STUDENTS = Number(args.alumnos);
/** GPU workers (and, in-process, the bot's GPU slots): each a card. */
const WORKERS = Number(args.trabajadores);
/**
 * `--trabajadores-cpu N` (default: the machine's cores; 0: none): CPU workers (`npm run trabajador
 * -- --carril cpu`, one job at a time each) beside the GPU workers in the Redis variants — the cover's title and the narration's watermark and MP3 leave the bot for them. On
 * real hardware each GPU machine would run one on its own cores; here they share the bot's two.
 */
const CPU_WORKERS = Number(args['trabajadores-cpu']);
for (const [flag, n] of [['--alumnos', STUDENTS], ['--trabajadores', WORKERS], ['--trabajadores-cpu', CPU_WORKERS + 1]] as const) {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`expected ${flag} to be a positive integer, got ${n}`);
}
/** The machine's cores: the CPU bound is every process's CPU seconds ÷ these. */
const CORES = os.availableParallelism();
const chosen = String(args.variantes).split(',').filter(Boolean) as Variant[];
for (const v of chosen) if (!VARIANTS.includes(v)) throw new Error(`unknown variant ${v}; one of ${VARIANTS.join(', ')}`);

const round = (x: number, d = 2): number => +x.toFixed(d);

interface Timeline {
  sentAt: number;
  reportAt: Map<number, number>;
  /** When each student's first approval was pressed: from then on their GPU jobs are waiting. */
  approvedAt: Map<number, number>;
}

interface VariantResult {
  variant: Variant;
  students: number;
  makespanS: number;
  gpuWorkS: number;
  lowerBoundS: number;
  /**
   * Where the makespan beyond the bound went: this variant's own CPU prefix (message → first GPU
   * request) and tail (last GPU answer → last report), and the cards' idle time in between
   * (2 × that window − the GPU work): a card waiting for a worker that is busy with CPU work.
   */
  prefixS: number;
  tailS: number;
  gpuIdleS: number;
  ratio: number;
  p50S: number;
  p95S: number;
  p95OverP50: number;
  /** From the bench's own record of job starts (the engine's requests). */
  fairnessViolations: number;
  /** The first violation: whose job started, and who was waiting with fewer started. */
  fairnessExample?: FairnessReport['violations'][number];
  /** From BullMQ's event log, as before (a Redis restart empties it): null in-process. */
  queueLogViolations: number | null;
  jainGpuWait: number;
  weeksLost: number;
  outputsDuplicated: number;
  gpuRequests: { imagen: number; voz: number };
  /**
   * Students whose requested GPU stage never reached the engine (target 0 and 0): each asked for a
   * cover «con flux» and a narration in their own voice, so each must appear in the engine's
   * requests of both kinds. A cover drawn on the CPU instead is still a cover in their folder.
   */
  gpuMissing: { imagen: number; voz: number };
  /**
   * Each student's own CPU prefix: from the class's message to their first GPU job added to the
   * queue (BullMQ's event log), the slowest student's and the median; null in-process and where the
   * log lost an add (Redis emptied). Target: the slowest ≤ 2 × the student alone's.
   */
  queuedPrefixS: { slowest: number; p50: number } | null;
  /** The bot process's peak resident memory, MiB (the one started last, after a kill). */
  botPeakMb?: number;
  /**
   * CPU seconds the bot process used for the class (its threads included: cards, the cover's
   * title and checks, the MP3), per week: with the cards' count and the machine's cores it says
   * whether the CPU, not the cards, bounds the class (the one started last, after a kill).
   */
  botCpuS?: { total: number; perWeek: number };
  /**
   * CPU seconds of every process of the stack during the class — the bot, the GPU and CPU workers,
   * Redis, and this process (the stand-in engine and the embedded Bot API) — and the CPU bound they
   * make: that total ÷ the machine's cores. Beside the GPU bound (`lowerBoundS`), the larger says
   * which binds: whether these cores could possibly meet the ratio against the GPU bound. A process
   * killed during the class (the injected failures) counts up to its last reading.
   */
  cpu?: { botS: number; gpuWorkersS: number; cpuWorkersS: number; redisS: number; benchS: number; totalS: number; boundS: number; binds: 'gpu' | 'cpu' };
  gpuJobsRunTwice: number | null;
  injected?: string;
  /** The first student whose week is missing something, and what. */
  lostExample?: string;
}

/** One class on one stack: the engine, Redis (unless in-process), the chat, the bot, the workers. */
class ClassStack {
  private bot?: NodeProc;
  private readonly workers: NodeProc[] = [];
  private readonly cpuWorkers: NodeProc[] = [];
  private workerCount = 0;
  /** The last CPU reading of each process (pid → seconds): a killed one keeps its last. */
  private readonly cpuSeen = new Map<number, { role: 'bot' | 'gpu' | 'cpu' | 'redis'; s: number }>();

  constructor(
    readonly variant: Variant,
    readonly tmp: string,
    readonly engine: GpuEngine,
    readonly chat: EmbeddedTelegram,
    readonly redis: OwnRedis | undefined,
  ) {}

  static async start(variant: Variant): Promise<ClassStack> {
    const tmp = await mkdtemp(path.join(os.tmpdir(), `cv-bench-clase-${variant}-`));
    const engine = await startGpuEngine(LATENCY);
    const redis = variant === 'proceso' ? undefined : await ownRedis();
    const chat = await startEmbeddedTelegram({ host: '127.0.0.1', port: 0, token: TOKEN, filesDir: path.join(tmp, 'chat'), log: () => {} });
    const s = new ClassStack(variant, tmp, engine, chat, redis);
    // Closed on Ctrl+C from here on: an interrupted start-up (a class of 300 starting its workers)
    // left its bot, its workers and its Redis running.
    current = s;
    s.startBot();
    for (let i = 0; i < WORKERS && redis; i++) s.startWorker();
    for (let i = 0; i < CPU_WORKERS && redis; i++) s.startCpuWorker();
    // Start-up is tsx compiling the bot and the workers: generous limits, so a busy machine is slow, not wrong.
    await until(() => chat.server.requests.some((r) => r.method === 'getUpdates'), 6000);
    await until(() => [...s.workers, ...s.cpuWorkers].every((w) => w.out().includes('"ready"')), 6000);
    return s;
  }

  get dataDir(): string {
    return path.join(this.tmp, 'data');
  }

  private env(): Record<string, string> {
    return {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_API_ROOT: this.chat.apiRoot,
      ALLOWED_USER_IDS: String(TEACHER),
      MODO_CLASE: '1',
      CUADERNO_DATA_DIR: this.dataDir,
      // A fresh installation's audit keys too: the default (~/.config/cuaderno-vivo) holds the chain
      // mirrors of every test and bench ever run as this user, and a new student's first audit line
      // looks through them all (src/store/auditChain.ts findMirror) — hundreds of reads each.
      CUADERNO_CLAVES_DIR: path.join(this.tmp, 'claves'),
      CUADERNO_MODELO: 'local',
      FLUX_URL: this.engine.url,
      XTTS_URL: this.engine.url,
      GPU_LANES: String(WORKERS),
      // The product's cover size, said here: the children start from the tests' settings (childEnv:
      // 256² covers), and a class is measured with the covers a class gets.
      PORTADA_PX: String(DEFAULTS.coverPx),
      ...(this.redis ? { REDIS_URL: this.redis.url, CUADERNO_COLA_PREFIJO: 'clase' } : {}),
    };
  }

  startBot(): void {
    // Node refuses --cpu-prof in NODE_OPTIONS: the flags go on the command line, tsx's loader with them.
    // Node's own file names (CPU.<date>.<time>.<pid>.<thread>.<n>): the pool's threads inherit the
    // flags, and one name for all would have each thread overwrite the main thread's profile.
    const profile = PROFILE_DIR ? ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, `${this.variant}-${STUDENTS}`)}`] : [];
    const bot = spawnNode([...profile, 'src/main.ts'], this.env());
    this.bot = bot;
    // A bot that dies on its own leaves the bench waiting for messages that never come: say why.
    bot.proc.once('exit', (code, signal) => {
      if (signal === null && code !== 0) console.error(`bench:clase: the bot exited with ${code}:\n${bot.out().slice(-4000)}`);
    });
  }

  /** Stops the bot as a service manager would (SIGTERM), so a profiled bot writes its profile. */
  private async stopBot(): Promise<void> {
    const proc = this.bot?.proc;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((res) => proc.once('exit', res));
    proc.kill('SIGTERM');
    await Promise.race([exited, new Promise((res) => setTimeout(res, 20_000))]);
  }

  /** The bot process's peak resident memory so far, MiB (Linux: VmHWM); undefined elsewhere. */
  async botPeakMb(): Promise<number | undefined> {
    const pid = this.bot?.proc.pid;
    const status = pid === undefined ? '' : await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const kb = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kb ? round(Number(kb) / 1024, 0) : undefined;
  }

  /**
   * CPU seconds the bot process has used so far, its worker threads included (Linux: utime + stime
   * of /proc/<pid>/stat, in clock ticks of 1/100 s); undefined elsewhere.
   */
  async botCpuS(): Promise<number | undefined> {
    const pid = this.bot?.proc.pid;
    const stat = pid === undefined ? '' : await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? round(ticks / 100, 1) : undefined;
  }

  /** CPU seconds of process `pid` so far (utime + stime, ticks of 1/100 s); undefined once it is gone. */
  private static async cpuOf(pid: number | undefined): Promise<number | undefined> {
    const stat = pid === undefined ? '' : await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (!stat) return undefined;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  }

  /** Reads every live process's CPU now; the readings per role, processes seen before included. */
  async stackCpu(): Promise<Record<'bot' | 'gpu' | 'cpu' | 'redis', number>> {
    const live: Array<[number | undefined, 'bot' | 'gpu' | 'cpu' | 'redis']> = [
      [this.bot?.proc.pid, 'bot'], ...this.workers.map((w) => [w.proc.pid, 'gpu'] as [number | undefined, 'gpu']),
      ...this.cpuWorkers.map((w) => [w.proc.pid, 'cpu'] as [number | undefined, 'cpu']), [this.redis?.pid(), 'redis'],
    ];
    for (const [pid, role] of live) {
      const s = await ClassStack.cpuOf(pid);
      if (pid !== undefined && s !== undefined) this.cpuSeen.set(pid, { role, s });
    }
    const out = { bot: 0, gpu: 0, cpu: 0, redis: 0 };
    for (const { role, s } of this.cpuSeen.values()) out[role] += s;
    return out;
  }

  async killBot(): Promise<void> {
    await this.bot?.kill();
  }

  startWorker(): NodeProc {
    const name = `gpu-${++this.workerCount}`;
    const w = spawnNode(['src/trabajador.ts', '--carril', 'gpu', '--motores', 'flux,xtts', '--bloqueo-ms', String(LOCK_MS), '--nombre', name], this.env());
    this.workers.push(w);
    return w;
  }

  startCpuWorker(): NodeProc {
    const w = spawnNode(['src/trabajador.ts', '--carril', 'cpu', '--bloqueo-ms', String(LOCK_MS), '--nombre', `cpu-${this.cpuWorkers.length + 1}`], this.env());
    this.cpuWorkers.push(w);
    return w;
  }

  /** Every worker process started, the killed ones too. */
  workersEver(): readonly NodeProc[] {
    return this.workers;
  }

  /** A worker that has started a job it has not finished (the one to kill mid-job). */
  busyWorker(): NodeProc | undefined {
    return this.workers.find((w) => {
      const open = new Set<string>();
      for (const e of jobLines(w)) {
        if (e.type === 'started') open.add(e.jobId);
        else open.delete(e.jobId);
      }
      return w.proc.exitCode === null && w.proc.signalCode === null && open.size > 0;
    });
  }

  /** Every job id a worker reported finished, with how many times (more than once = GPU work repeated). */
  finishedJobs(): Map<string, number> {
    const n = new Map<string, number>();
    // Every worker ever started, the killed ones too (their output stays with them).
    for (const w of this.workers) {
      for (const e of jobLines(w)) if (e.type === 'finished') n.set(e.jobId, (n.get(e.jobId) ?? 0) + 1);
    }
    return n;
  }

  /**
   * When each GPU job began to wait and when it was taken, on this process's clock (`origin`:
   * performance.timeOrigin), keyed as the bench's record keys jobs (`<student>-imagen`,
   * `<student>-voz`). From BullMQ's event log where it has the job (Redis's own clock, written in
   * the scripts that add and take jobs: exact); else, for a job whose events a Redis restart
   * emptied, from the worker that took it (`waitingSince`: the bot's own record of the first add,
   * kept across the restart). The bot's record is taken before its add reaches Redis: on a loaded
   * machine a worker could take another student's job in between, and the job counted as waiting
   * when it was not there yet.
   */
  jobMoments(origin: number, log: ReadonlyArray<QueueEvent & { ms: number }>): { added: Map<string, number>; active: Map<string, number> } {
    const added = new Map<string, number>();
    const active = new Map<string, number>();
    const kindOf = new Map<string, string>();
    for (const w of this.workers) {
      for (const l of w.out().split('\n')) {
        if (!l.startsWith('{"t"')) continue;
        const e = JSON.parse(l) as { type?: string; jobId?: string; stage?: string; waitingSince?: number };
        const kind = e.stage === 'portada.imagen' ? 'imagen' : e.stage === 'narracion.voz' ? 'voz' : undefined;
        if (e.type !== 'started' || !e.jobId || !kind) continue;
        const key = `${studentOfJobId(e.jobId)}-${kind}`;
        kindOf.set(e.jobId, key);
        if (typeof e.waitingSince !== 'number') continue;
        const ms = e.waitingSince - origin;
        if (!added.has(key) || added.get(key)! > ms) added.set(key, ms);
      }
    }
    const fromLog = new Set<string>();
    for (const e of log) {
      const key = kindOf.get(e.jobId);
      if (!key) continue;
      const ms = e.ms - origin;
      if (e.event === 'added' && !fromLog.has(key)) {
        fromLog.add(key);
        added.set(key, ms);
      } else if (e.event === 'active' && !active.has(key)) active.set(key, ms);
    }
    return { added, active };
  }

  /** BullMQ's event log of the GPU queue, each entry with its time. */
  async events(): Promise<Array<QueueEvent & { ms: number }>> {
    if (!this.redis) return [];
    const r = new Redis(this.redis.url);
    try {
      return await readQueueEvents(r, 'clase', queueName('gpu'));
    } finally {
      r.disconnect();
    }
  }

  async close(): Promise<void> {
    if (PROFILE_DIR) await this.stopBot();
    await this.bot?.kill();
    await Promise.all([...this.workers, ...this.cpuWorkers].map((w) => w.kill()));
    await this.chat.close();
    await this.engine.close();
    await this.redis?.stop();
    await rm(this.tmp, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** A worker's job events: the JSON lines `npm run trabajador` prints for each job. */
function jobLines(w: NodeProc): Array<{ type: 'started' | 'finished' | 'failed'; jobId: string }> {
  return w.out().split('\n').filter((l) => l.startsWith('{"t"')).flatMap((l) => {
    const e = JSON.parse(l) as { type?: 'started' | 'finished' | 'failed'; jobId?: string };
    return e.type && e.jobId ? [{ type: e.type, jobId: e.jobId }] : [];
  });
}

const userOf = (id: number): User => ({ id, is_bot: false, first_name: id === TEACHER ? 'Profe' : `Alumno${id}` });

/** Resolves with the first bot message in `chatId` (past or future) whose text matches. */
function botMessage(chat: EmbeddedTelegram, chatId: number, re: RegExp): Promise<Message> {
  const found = chat.server.history(chatId).find((m) => m.from?.is_bot && re.test(m.text ?? ''));
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const off = chat.server.subscribe((e) => {
      if (e.type !== 'message' || e.message.chat.id !== chatId || !re.test(e.message.text ?? '')) return;
      off();
      resolve(e.message);
    });
  });
}

/** The teacher's invite, then each student joins with it and gives voice consent (the file the README describes). */
async function enrol(s: ClassStack, ids: number[]): Promise<void> {
  s.chat.server.sendUserText('/invitar', userOf(TEACHER));
  const invite = await botMessage(s.chat, TEACHER, /t\.me\/\w+\?start=/);
  const code = /\?start=([\w-]+)/.exec(invite.text!)![1]!;
  const join = async (id: number): Promise<void> => {
    const welcomed = botMessage(s.chat, id, /Ya estás en la clase/);
    s.chat.server.sendUserText(`/start ${code}`, userOf(id));
    await welcomed;
    const dir = userDataDir(s.dataDir, id);
    await mkdir(dir, { recursive: true });
    await writeFile(consentFile(dir), JSON.stringify({ titular: `Alumno ${id}`, alcance: 'narraciones de Cuaderno Vivo', valido_hasta: '2099-12-31', voz: `voz-${id}` }));
    // A word of their own in the week's notes: the cover's prompt carries it to the engine.
    const word = markerOf(id);
    await (await openNotebook(dir)).notes.add('Marca', Array.from({ length: 8 }, () => word).join(' '), weekOf(ids.indexOf(id)));
  };
  // Ten at a time, as a class joining from a link on the board would: one by one, 300 students
  // took minutes of the bench before anything was measured.
  for (let i = 0; i < ids.length; i += ENROL_AT_ONCE) await Promise.all(ids.slice(i, i + ENROL_AT_ONCE).map(join));
}

/** Students joining the class at the same time (enrol). */
const ENROL_AT_ONCE = 10;

/** The week the i-th student asks for. */
const weekOf = (i: number): number => 1 + (i % 4);

/** A student's word in their notes: `alumno` and the id's digits as letters (1001 → alumnobaab). */
const markerOf = (id: number): string => `alumno${String(id).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/** Whose GPU request this is: the voice named in the speech, or the student's word in the prompt. */
function studentOfCall(c: EngineCall, ids: readonly number[]): number | undefined {
  const voice = /^voz-(\d+)$/.exec(c.voice ?? '');
  if (voice) return Number(voice[1]);
  return ids.find((id) => c.prompt?.includes(markerOf(id)));
}

/** How many students have no engine request of each kind: their GPU stage ran elsewhere, or not at all. */
function missingOnGpu(calls: readonly EngineCall[], ids: readonly number[]): { imagen: number; voz: number } {
  const seen = { imagen: new Set<number>(), voz: new Set<number>() };
  for (const c of calls) {
    const student = studentOfCall(c, ids);
    if (student !== undefined) seen[c.kind].add(student);
  }
  return { imagen: ids.length - seen.imagen.size, voz: ids.length - seen.voz.size };
}

/**
 * Each student's CPU prefix, seconds: the class's message (`sentAtMs`, epoch) to their first GPU job
 * added to the queue; the slowest and the median. Null without a queue log of every student's add.
 */
function prefixesToQueue(events: ReadonlyArray<QueueEvent & { ms: number }>, ids: readonly number[], sentAtMs: number): { slowest: number; p50: number } | null {
  const first = new Map<string, number>();
  for (const e of events) {
    if (e.event !== 'added') continue;
    const student = studentOfJobId(e.jobId);
    if (!first.has(student)) first.set(student, e.ms);
  }
  if (ids.some((id) => !first.has(String(id)))) return null;
  const prefixes = ids.map((id) => (first.get(String(id))! - sentAtMs) / 1000);
  return { slowest: round(Math.max(...prefixes)), p50: round(pct(prefixes, 0.5)) };
}

/**
 * The bench's own record of the GPU work, from the engine's requests (not from Redis, which a restart
 * empties): each student's GPU job is one the engine was asked for (a job run again counts once),
 * waiting from when it was added to the queue and started when it was taken (ClassStack.jobMoments:
 * the queue's log, or after a Redis restart what the worker that took it said), written as the
 * queue's event log so the one fairness rule (checkFairness) judges it. Where neither says
 * (in-process: no queue, no workers), from the student's first approval to the engine's request.
 * From the approval the record had every student's second job waiting before the bot had finished
 * the CPU work that comes before it (search, cards, the script): at 300 students a job not yet in
 * the queue counted as passed over — 900 «violations» the queue's own log did not have.
 */
function startLog(calls: readonly EngineCall[], approvedAt: ReadonlyMap<number, number>, ids: readonly number[], moments: { added: ReadonlyMap<string, number>; active: ReadonlyMap<string, number> } = { added: new Map(), active: new Map() }): Array<QueueEvent & { ms: number }> {
  const first = new Map<string, { student: number; start: number }>();
  for (const c of calls) {
    const student = studentOfCall(c, ids);
    if (student === undefined) throw new Error(`a GPU request of no student: ${c.kind} ${c.voice ?? c.prompt ?? ''}`);
    const job = `${student}-${c.kind}`;
    if (!first.has(job) || first.get(job)!.start > c.start) first.set(job, { student, start: c.start });
  }
  const log: Array<QueueEvent & { ms: number; order: number }> = [];
  for (const [jobId, { student, start }] of first) {
    // Taken when the queue says so (the engine hears of it a little later), else at the engine's request.
    const taken = Math.min(start, moments.active.get(jobId) ?? start);
    log.push({ event: 'added', jobId, ms: Math.min(taken, moments.added.get(jobId) ?? approvedAt.get(student) ?? start), order: 0 });
    log.push({ event: 'active', jobId, ms: taken, order: 1 });
  }
  return log.sort((a, b) => a.ms - b.ms || a.order - b.order).map(({ order: _o, ...e }) => e);
}

/**
 * Sends every student's request at the same instant and answers each approval (✅ Aprobar) as it
 * appears — also those sent again after a bot restart. Resolves when every report has arrived.
 */
async function runClass(s: ClassStack, ids: number[], inject?: () => Promise<string>): Promise<Timeline & { injected?: string }> {
  const reportAt = new Map<number, number>();
  const approvedAt = new Map<number, number>();
  const pressed = new Set<string>();
  const mine = new Set(ids);
  let injected: string | undefined;
  const onMessage = (m: Message): void => {
    const chatId = m.chat.id;
    if (!mine.has(chatId) || !m.from?.is_bot) return;
    if ((m.text ?? '').startsWith('📋 Informe') && !reportAt.has(chatId)) reportAt.set(chatId, performance.now());
    const rows = (m.reply_markup?.inline_keyboard ?? []) as Array<Array<{ text: string; callback_data?: string }>>;
    const approve = rows.flat().find((b) => b.text === '✅ Aprobar' && b.callback_data);
    if (!approve) return;
    const key = `${chatId}:${m.message_id}:${approve.callback_data}`;
    if (pressed.has(key)) return;
    pressed.add(key);
    setImmediate(() => {
      try {
        if (!approvedAt.has(chatId)) approvedAt.set(chatId, performance.now());
        s.chat.server.pressButton(m.message_id, approve.callback_data!, userOf(chatId), chatId);
      } catch {
        // the button left the message meanwhile (answered, or replaced after a restart)
      }
    });
  };
  const off = s.chat.server.subscribe((e) => {
    if (e.type === 'message' || e.type === 'edit') onMessage(e.message);
  });
  if (inject) {
    const third = Math.ceil((ids.length * 2) / 3);
    let fired = false;
    s.engine.onAnswered(() => {
      if (fired || s.engine.calls.filter((c) => c.end !== undefined).length < third) return;
      fired = true;
      void inject().then((what) => (injected = what));
    });
  }
  const sentAt = performance.now();
  ids.forEach((id, i) => s.chat.server.sendUserText(`prepara la semana ${weekOf(i)} con flux, narrada con mi voz`, userOf(id)));
  try {
    // 30 students × 4 s of GPU on 2 cards is about a minute; 15 minutes (or 3 s per student in a
    // larger class) means something is stuck.
    await until(() => reportAt.size === ids.length, Math.max(18_000, ids.length * 60));
  } catch {
    // counted as lost below
  }
  off();
  return { sentAt, reportAt, approvedAt, ...(injected ? { injected } : {}) };
}

/**
 * Outputs in each student's own folder: one cover file, one narration file, and in the audit one
 * result of each — `ok` when it was made, or `cache` when a resumed run found it already made by its
 * key (the process died between the effect and its journal line). Two `ok`s, or two files, is a
 * duplicate; a missing file or result is a lost week.
 */
async function outputsOf(s: ClassStack, ids: number[]): Promise<{ lost: number; duplicated: number; example?: string }> {
  let lost = 0;
  let duplicated = 0;
  let example: string | undefined;
  for (const id of ids) {
    const dir = userDataDir(s.dataDir, id);
    const covers = (await readdir(path.join(dir, 'portadas')).catch(() => [])).filter((f) => f.endsWith('.png'));
    const narrations = (await readdir(path.join(dir, NARRATION_DIRNAME)).catch(() => [])).filter((f) => f.endsWith('.wav'));
    const audit = await (await openNotebook(dir)).audit.list();
    const results = (tool: string, kinds: string[]) => audit.filter((e) => e.tool === tool && e.event === 'resultado' && kinds.includes(String(e.outcome))).length;
    const made = [results('generar_portada', ['ok']), results('narrar_resumen', ['ok'])];
    const found = [results('generar_portada', ['ok', 'cache']), results('narrar_resumen', ['ok', 'cache'])];
    if ([covers.length, narrations.length, ...found].some((c) => c === 0)) {
      lost++;
      example ??= `alumno ${id}: portadas ${covers.length}, narraciones ${narrations.length}, resultados ${found.join(' + ')}`;
    }
    duplicated += [covers.length, narrations.length, ...made].reduce((a, c) => a + Math.max(0, c - 1), 0);
  }
  return { lost, duplicated, ...(example ? { example } : {}) };
}

/**
 * Diagnostics: each variant's timeline (bench/results/clase-<variant>-<n>.timeline.json), times in ms
 * since the class's message was sent: the engine's requests (whose, start, end) and each worker's job
 * lines (taken, engine, finished), so the gaps between one job's answer and the next request of the
 * same worker can be read.
 */
async function writeTimeline(s: ClassStack, variant: Variant, n: number, t: Timeline): Promise<void> {
  const origin = performance.timeOrigin + t.sentAt;
  const rel = (ms: number) => round(ms - t.sentAt, 1);
  const engine = s.engine.calls.map((c) => ({ kind: c.kind, who: c.voice ?? /alumno[a-j]+/.exec(c.prompt ?? '')?.[0] ?? '', start: rel(c.start), ...(c.end !== undefined ? { end: rel(c.end) } : {}) }));
  const workers = s.workersEver().map((w) => w.out().split('\n').filter((l) => l.startsWith('{"t"')).map((l) => {
    const { t: at, ...e } = JSON.parse(l) as { t: string } & Record<string, unknown>;
    return { at: round(Date.parse(at) - origin, 1), ...e };
  }));
  const students = [...t.reportAt.keys()].map((id) => ({ id, approved: rel(t.approvedAt.get(id) ?? NaN), report: rel(t.reportAt.get(id)!) }));
  await writeFileAtomic(path.join(here, 'results', `clase-${variant}-${n}.timeline.json`), `${JSON.stringify({ engine, workers, students })}\n`);
}

/** The stack being measured, closed if the benchmark is interrupted (no process or Redis left behind). */
let current: ClassStack | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void (current?.close() ?? Promise.resolve()).finally(() => process.exit(130)));
}

async function measure(variant: Variant, n: number, bound?: { prefixS: number; tailS: number }): Promise<{ result: VariantResult; prefixS: number; tailS: number }> {
  const s = await ClassStack.start(variant);
  current = s;
  try {
    const ids = Array.from({ length: n }, (_, i) => 1001 + i);
    await enrol(s, ids);
    const inject = variant === 'trabajador'
      ? async () => {
          await until(() => s.busyWorker() !== undefined, 1200);
          const victim = s.busyWorker()!;
          await victim.kill();
          s.startWorker();
          return 'un trabajador con un trabajo a medias, kill -9, y otro arrancado';
        }
      : variant === 'bot'
        ? async () => {
            await s.killBot();
            s.startBot();
            return 'el bot, kill -9, y arrancado de nuevo';
          }
        : variant === 'redis'
          ? async () => {
              await s.redis!.stop();
              await s.redis!.start();
              return 'Redis parado y arrancado vacío';
            }
          : undefined;
    const cpuBefore = await s.botCpuS();
    const stackBefore = await s.stackCpu();
    const benchBefore = process.cpuUsage();
    // Readings every second: a process killed mid-class (the injected failures) keeps its last one.
    const sampler = setInterval(() => void s.stackCpu().catch(() => undefined), 1000);
    const t = await runClass(s, ids, inject).finally(() => clearInterval(sampler));
    const stackAfter = await s.stackCpu();
    const benchUsage = process.cpuUsage(benchBefore);
    const botPeakMb = await s.botPeakMb();
    const cpuAfter = await s.botCpuS();
    // After a kill the bot is another process: its CPU counts from its own start.
    const botCpu = cpuAfter === undefined ? undefined : round(cpuAfter - (t.injected && variant === 'bot' ? 0 : (cpuBefore ?? 0)), 1);
    const done = ids.filter((id) => t.reportAt.has(id)).map((id) => (t.reportAt.get(id)! - t.sentAt) / 1000);
    const answered = s.engine.calls.filter((c) => c.end !== undefined);
    const gpuWorkS = answered.reduce((a, c) => a + (c.end! - c.start), 0) / 1000;
    const firstRequest = Math.min(...s.engine.calls.map((c) => c.start));
    const lastAnswer = Math.max(...answered.map((c) => c.end!));
    const prefixS = (firstRequest - t.sentAt) / 1000;
    const tailS = (Math.max(...t.reportAt.values()) - lastAnswer) / 1000;
    const lb = gpuWorkS / WORKERS + (bound ? bound.prefixS + bound.tailS : prefixS + tailS);
    const makespanS = Math.max(...done);
    const d = (k: keyof typeof stackAfter): number => round(stackAfter[k] - stackBefore[k], 1);
    const benchS = round((benchUsage.user + benchUsage.system) / 1e6, 1);
    const totalS = round(d('bot') + d('gpu') + d('cpu') + d('redis') + benchS, 1);
    // The CPU bound, made like the GPU's: the stack's CPU work ÷ the cores, plus the one student's prefix and tail.
    const cpuBoundS = round(totalS / CORES + (bound ? bound.prefixS + bound.tailS : prefixS + tailS), 2);
    const cpu = { botS: d('bot'), gpuWorkersS: d('gpu'), cpuWorkersS: d('cpu'), redisS: d('redis'), benchS, totalS, boundS: cpuBoundS, binds: cpuBoundS > lb ? 'cpu' as const : 'gpu' as const };
    // Fairness and Jain's index over each student's total GPU waiting (waiting → started), from the
    // bench's own record; BullMQ's event log (empty after a Redis restart) only for comparison.
    const events = await s.events();
    const record = startLog(s.engine.calls, t.approvedAt, ids, s.jobMoments(performance.timeOrigin, events));
    const waited = new Map<string, number>();
    const since = new Map<string, number>();
    for (const e of record) {
      if (e.event === 'added') since.set(e.jobId, e.ms);
      else waited.set(studentOfJobId(e.jobId), (waited.get(studentOfJobId(e.jobId)) ?? 0) + e.ms - since.get(e.jobId)!);
    }
    const jainGpuWait = round(jain([...waited.values()].map((w) => Math.max(w, 1))), 3);
    const fairness = checkFairness(record);
    const queuedPrefixS = prefixesToQueue(events, ids, performance.timeOrigin + t.sentAt);
    const runTwice = s.redis ? [...s.finishedJobs().values()].filter((c) => c > 1).length : null;
    const { lost, duplicated, example } = await outputsOf(s, ids);
    await writeTimeline(s, variant, n, t);
    const result: VariantResult = {
      variant, students: n,
      makespanS: round(makespanS), gpuWorkS: round(gpuWorkS), lowerBoundS: round(lb), ratio: round(makespanS / lb, 3),
      prefixS: round(prefixS), tailS: round(tailS), gpuIdleS: round(WORKERS * (lastAnswer - firstRequest) / 1000 - gpuWorkS),
      p50S: round(pct(done, 0.5)), p95S: round(pct(done, 0.95)), p95OverP50: round(pct(done, 0.95) / pct(done, 0.5), 2),
      fairnessViolations: fairness.violations.length,
      ...(fairness.violations[0] ? { fairnessExample: fairness.violations[0] } : {}),
      queueLogViolations: events.length > 0 ? checkFairness(events).violations.length : null,
      jainGpuWait,
      weeksLost: lost + (n - done.length),
      outputsDuplicated: duplicated,
      gpuRequests: { imagen: s.engine.calls.filter((c) => c.kind === 'imagen').length, voz: s.engine.calls.filter((c) => c.kind === 'voz').length },
      gpuMissing: missingOnGpu(s.engine.calls, ids),
      queuedPrefixS,
      ...(botPeakMb !== undefined ? { botPeakMb } : {}),
      ...(botCpu !== undefined ? { botCpuS: { total: botCpu, perWeek: round(botCpu / n, 2) } } : {}),
      cpu,
      gpuJobsRunTwice: runTwice,
      ...(t.injected ? { injected: t.injected } : {}),
      ...(example ? { lostExample: example } : {}),
    };
    return { result, prefixS, tailS };
  } finally {
    current = undefined;
    await s.close();
  }
}

/** One class size's run (`bench/results/clase.json` keeps one per size). */
interface SizeResults {
  when: string;
  students: number;
  workers: number;
  /** The machine's load average (1, 5, 15 min) when the size's run ended: the bench shares the cores. */
  loadAvg: number[];
  solo: { prefixS: number; tailS: number; queuedPrefixS: number | null; weekS: number };
  results: VariantResult[];
}

interface ClassResults {
  node: string;
  cpus: number;
  sizes: Record<string, SizeResults>;
}

/** A variant's row of the table: the size first, then the figures (the bot's peak memory among them). */
function tableRow({ gpuRequests, gpuMissing, queuedPrefixS, botCpuS, botPeakMb, cpu, injected: _i, fairnessExample: _f, lostExample: _l, variant, students: _s, ...r }: VariantResult, z: SizeResults): Record<string, unknown> {
  return {
    size: `${z.students}/${z.workers}`,
    variant,
    ...r,
    // The CPU bound beside the GPU bound (lowerBoundS), and which of the two binds on this machine.
    cpuBoundS: cpu?.boundS ?? '–',
    binds: cpu?.binds ?? '–',
    stackCpu: cpu ? `${cpu.totalS} s (bot ${cpu.botS}, gpu ${cpu.gpuWorkersS}, cpu ${cpu.cpuWorkersS}, redis ${cpu.redisS}, bench ${cpu.benchS})` : '–',
    botPeakMb: botPeakMb ?? '–',
    botCpu: botCpuS ? `${botCpuS.total} s (${botCpuS.perWeek}/sem.)` : '–',
    gpu: `${gpuRequests.imagen}+${gpuRequests.voz}`,
    offGpu: `${gpuMissing.imagen}+${gpuMissing.voz}`,
    // The slowest student's prefix to the queue ÷ the student alone's (target ≤ 2).
    queuedPrefix: queuedPrefixS && z.solo.queuedPrefixS ? `${queuedPrefixS.slowest} s (${round(queuedPrefixS.slowest / z.solo.queuedPrefixS, 1)}×)` : '–',
  };
}

/** A student's requested GPU stage did not reach the engine. */
const offGpu = (r: VariantResult): boolean => r.gpuMissing.imagen > 0 || r.gpuMissing.voz > 0;

async function main(): Promise<void> {
  // One student alone: the shortest CPU prefix and tail the lower bound adds to the GPU work.
  const solo = await measure('cola', 1);
  const bound = { prefixS: round(solo.prefixS), tailS: round(solo.tailS) };
  const soloQueued = solo.result.queuedPrefixS?.slowest;
  console.log(`solo: prefix ${bound.prefixS} s (to the queue ${soloQueued ?? '–'} s), tail ${bound.tailS} s, GPU ${solo.result.gpuWorkS} s (${JSON.stringify(solo.result.gpuRequests)}), week ${solo.result.makespanS} s`);
  // The bound is only a bound if the one student's GPU stages ran on the engine.
  if (offGpu(solo.result)) throw new Error(`bench:clase: the student alone had a GPU stage run elsewhere (${JSON.stringify(solo.result.gpuMissing)}): the measure's premise is broken`);
  const results: VariantResult[] = [];
  for (const v of chosen) {
    const { result } = await measure(v, STUDENTS, bound);
    results.push(result);
    console.log(JSON.stringify(result));
  }
  // One file for every class size measured (`30x2`, `300x10`…): a run replaces its own size's rows
  // and keeps the others', so one table holds the class of 30 and the class of 300 together.
  const size = `${STUDENTS}x${WORKERS}`;
  const file = path.join(here, 'results', 'clase.json');
  const stored = await readFile(file, 'utf8').then((t) => JSON.parse(t) as Partial<ClassResults>, () => ({}) as Partial<ClassResults>);
  const sizes: Record<string, SizeResults> = { ...(stored.sizes ?? {}) };
  sizes[size] = {
    when: new Date().toISOString(), students: STUDENTS, workers: WORKERS, loadAvg: os.loadavg().map((l) => round(l, 1)),
    solo: { ...bound, queuedPrefixS: soloQueued ?? null, weekS: solo.result.makespanS }, results,
  };
  console.table(Object.values(sizes).flatMap((z) => z.results.map((r) => tableRow(r, z))));
  await writeFileAtomic(file, `${JSON.stringify({ node: process.version, cpus: os.cpus().length, latency: LATENCY, lockMs: LOCK_MS, sizes }, null, 2)}\n`);
  const bad = results.filter((r) => r.weeksLost > 0 || r.outputsDuplicated > 0 || (r.fairnessViolations ?? 0) > 0 || offGpu(r));
  if (bad.length > 0) {
    console.error(`bench:clase: ${bad.map((r) => r.variant).join(', ')} lost, duplicated, broke the fairness rule or ran a requested GPU stage elsewhere`);
    process.exitCode = 1;
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exitCode = 1;
});
