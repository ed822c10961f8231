/**
 * The only wiring and the only process.exit. `npm start`:
 * - with TELEGRAM_BOT_TOKEN: the grammY bot on Telegram (or TELEGRAM_API_ROOT) by long polling or webhook;
 * - without it: the same bot against an embedded Bot API server on loopback, with a chat page at
 *   http://127.0.0.1:CHAT_PORT — the owner of that page is the only allowed user.
 * The model is the offline planner unless ANTHROPIC_API_KEY (or CUADERNO_MODELO) says otherwise.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createAgentService } from './agent/service.js';
import { createAdmission } from './agent/admission.js';
import { transcriberFromConfig } from './domain/voice/transcriber.js';
import { createBot, startBot, type OpenUser } from './bot/index.js';
import { loadConfig, type Config } from './config.js';
import { ConfigError, isCuadernoError } from './errors.js';
import { createProcessLanes } from './scheduler/lanes.js';
import { QUEUE } from './strings/chat.js';
import { probeEngines } from './tools/media-tools.js';
import { loadWordCheck } from './domain/study/reading.js';
import { closeAll } from './lib/closers.js';
import { PRIVATE_UMASK, tightenDataDir } from './store/private.js';
import { isClassRoot, migrateToClassLayout, restoreSingleLayout } from './store/users.js';
import { START } from './strings/console.js';
import { DEFAULT_WEBCHAT_USER, loadWebchatToken, PAGE_STUDENTS, PAGE_TEACHER, pageInviteLink, startEmbeddedTelegram, webchatReadyMessage, type EmbeddedTelegram } from './webchat/index.js';

async function main(): Promise<void> {
  const config: Config = loadConfig(process.env);
  // The data folder is the owner's alone: what this process creates is 0700/0600, and what an
  // older version left open is narrowed now, before anything reads it.
  process.umask(PRIVATE_UMASK);
  await tightenDataDir(config.dataDir);
  const crashAfter = process.env.CRASH_AFTER;
  const teacherId = config.telegram.token ? config.telegram.allowedUserIds[0] : DEFAULT_WEBCHAT_USER.id;
  // Class mode: the single owner's data becomes the teacher's folder, once. Otherwise an
  // interrupted switch is undone, so the owner's notebook is where it always was.
  if (config.classMode && teacherId !== undefined) {
    const m = await migrateToClassLayout(config.dataDir, teacherId);
    if (m.kind === 'migrated') console.log(START.classMigrated(m.moved.length));
  } else {
    if ((await restoreSingleLayout(config.dataDir)).length > 0) console.log(START.classUndone);
    // A class's notebooks are inside usuarios/: a single-owner bot there would start an empty one.
    if (await isClassRoot(config.dataDir)) throw new ConfigError(START.classRoot(config.dataDir));
  }
  // REDIS_URL: the GPU stages go to the shared queue (one client for the process); each owner's runs
  // get their lanes from it under their own id — the student's in class mode, the owner's otherwise.
  // BullMQ and ioredis are loaded only then: without it the bot never holds them in memory.
  const gpu = config.queue
    ? (await import('./lanes/routed.js')).createGpuQueue({ settings: config.queue, onStatus: (s) => console.log(s === 'unreachable' ? QUEUE.unreachable() : QUEUE.reachable()) })
    : undefined;
  // Without it, the GPU lane is still one for the whole process: every run of every person shares
  // its slots (GPU_LANES), as the shared queue's workers are shared, by the queue's fairness rule (one student never passes another with fewer GPU jobs started).
  const processLanes = createProcessLanes(config.lanes.gpu);
  const lanesOf = (ownerId: number) => {
    const lanes = gpu?.forStudent(String(ownerId));
    if (lanes && gpu) return { lanesFor: lanes.lanesFor, gpuStatus: lanes.statusLine, advertised: (e: 'flux' | 'xtts') => gpu.engines.serves(e) };
    return { lanesFor: (_runId: string, sizes: Readonly<Config['lanes']>) => processLanes(sizes, String(ownerId)) };
  };
  const owner = lanesOf(teacherId ?? DEFAULT_WEBCHAT_USER.id);
  // Every person's runs plan in the order they were asked, a few at a time (agent/admission.ts).
  const admission = createAdmission();
  const service = config.classMode ? undefined : await createAgentService({ config, crashAfter, admission, ...owner });
  const openUser: OpenUser = async (userConfig, userId) => {
    const s = await createAgentService({ config: userConfig, crashAfter, admission, ...lanesOf(userId) });
    return { service: s, notebook: s.toolbox.notebook, durations: s.toolbox.durations };
  };

  let embedded: EmbeddedTelegram | undefined;
  let localToken: string | undefined;
  if (!config.telegram.token) {
    const filesDir = path.join(config.dataDir, 'webchat');
    await mkdir(filesDir, { recursive: true });
    localToken = await loadWebchatToken(filesDir);
    // Class mode on the page: the teacher and two students to play (the persona switcher).
    const personas = config.classMode ? { user: PAGE_TEACHER, personas: PAGE_STUDENTS } : {};
    embedded = await startEmbeddedTelegram({ host: config.chat.host, port: config.chat.port, token: localToken, filesDir, ...personas });
  }

  // Voice memos: with the queue, a worker that advertises transcription (the bot's own URL otherwise).
  const transcriber = gpu
    ? (await import('./lanes/queue-transcriber.js')).queueTranscriber({ lane: gpu.lane, engines: gpu.engines, own: transcriberFromConfig(config), timeoutMs: config.media.timeoutMs })
    : undefined;
  const cb = await createBot({
    config,
    ...(transcriber ? { transcriber } : {}),
    ...(service ? { service, notebook: service.toolbox.notebook, durations: service.toolbox.durations } : { openUser }),
    // The local chat page's Bot API is our own and has no edit rate limit: its status messages are
    // not paced like Telegram's, so a run's report comes as soon as it is written (not 1.5 s later).
    ...(embedded && localToken ? { token: localToken, apiRoot: embedded.apiRoot, allowedUserIds: [DEFAULT_WEBCHAT_USER.id], inviteLink: (code: string) => pageInviteLink(embedded!.apiRoot, code), statusEditIntervalMs: 0, browserZone: (id: number) => embedded!.server.timeZoneOf(id) } : {}),
  });
  const running = await startBot(cb, config);

  // Stopping is wired before the ready lines: whoever reads «Ctrl+C para salir» and sends a signal
  // at once gets a clean stop, never the default kill of a process with no handler yet.
  let stopping = false;
  const shutdown = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    if (signal) console.log(START.stopping(signal));
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    running
      .stop()
      .then(() => embedded?.close())
      .then(() => gpu?.close())
      // Threads end before the process does: Node can abort (SIGABRT, «Entering the V8 API without
      // proper locking») when process.exit() meets a worker thread still starting or running — a
      // SIGTERM right after the ready line, while the pool warms up, did on a busy machine.
      .then(() => closeAll())
      .then(() => process.exit(exitCode))
      .catch((e: unknown) => {
        console.error(START.closeFailed, e instanceof Error ? e.message : e);
        process.exit(1);
      });
  };
  // Receiving gave up by itself (another copy of the bot, a revoked token): say why and end cleanly.
  void running.ended.then((message) => {
    if (message === undefined) return;
    console.error(message);
    shutdown('', 1);
  });
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  const modelLine = config.model.kind === 'anthropic' ? START.modelAnthropic(config.model.id) : config.model.kind === 'local' ? START.modelLocal : START.modelScript(config.model.file);
  if (embedded) console.log(webchatReadyMessage(embedded.chatUrl));
  else console.log(START.telegram(cb.bot.botInfo.username));
  console.log(START.model(modelLine, config.dataDir, config.classMode));
  if (running.resumed > 0) console.log(START.resumed(running.resumed));
  // Each configured GPU server is tried once, in the background: a misconfigured one is reported
  // now (and in the approvals), not when the owner asks for a cover.
  void probeEngines({ media: config.media, dataDir: config.dataDir }).then((reports) => {
    for (const r of reports) console.log(r.line);
  });
  // The Spanish dictionary the cards check their words with is built once per thread (≈ 0.2 s of
  // this one's CPU, seconds under load): now, while nobody waits, not on the first message that
  // asks for cards — where a class's 30 requests arriving together all queued behind it.
  setImmediate(() => void loadWordCheck().catch(() => undefined));
}

main().catch((e: unknown) => {
  // One clear sentence, never a stack trace, for configuration and state problems.
  if (isCuadernoError(e)) console.error(`${START.cannotStart} ${e.message}`);
  else console.error(START.cannotStart, e instanceof Error ? e.message : e);
  process.exit(2);
});
