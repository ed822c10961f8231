/**
 * compose.yaml, checked without a container engine: the three services of a class (bot, Redis with
 * nothing on disk, one GPU worker), Redis reached by service name, the worker's command a real
 * script with flags the worker accepts, every variable one the code reads, and the image's Node
 * within `engines`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { laneSettingsFromEnv } from '../../src/lanes/redis.js';
import { parseWorkerArgs } from '../../src/trabajador.js';

const ROOT = path.resolve(__dirname, '../..');

interface Service {
  image?: string;
  build?: string;
  command: string[];
  environment: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  profiles?: string[];
  ports?: string[];
}

describe('compose.yaml', async () => {
  const compose = parse(await readFile(path.join(ROOT, 'compose.yaml'), 'utf8')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };
  const { redis, bot, 'trabajador-gpu': worker, transcripcion } = compose.services;

  it('has the bot, a Redis that keeps nothing on disk, one GPU worker and, on request, a transcription server', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['bot', 'redis', 'trabajador-gpu', 'transcripcion']);
    expect(redis!.image).toMatch(/^redis:7/);
    expect(redis!.command).toEqual(['redis-server', '--save', '', '--appendonly', 'no']);
    for (const s of [bot!, worker!]) {
      expect(s.build).toBe('.');
      expect(s.depends_on?.redis?.condition).toBe('service_healthy');
      expect(s.environment.REDIS_URL).toBe('redis://redis:6379'); // the service name is the host
      expect(laneSettingsFromEnv(s.environment)).toEqual({ url: 'redis://redis:6379', prefix: 'cuaderno' });
    }
    expect(bot!.environment.CUADERNO_COLA_PREFIJO).toBe(worker!.environment.CUADERNO_COLA_PREFIJO);
  });

  it('runs the real scripts: npm start for the bot, npm run trabajador with flags the worker accepts', () => {
    expect(bot!.command).toEqual(['npm', 'start']);
    expect(pkg.scripts.start).toBeDefined();
    const [npm, runWord, script, sep, ...flags] = worker!.command;
    expect([npm, runWord, script, sep]).toEqual(['npm', 'run', 'trabajador', '--']);
    expect(pkg.scripts.trabajador).toContain('dist/trabajador.js');
    expect(parseWorkerArgs(flags)).toMatchObject({ lane: 'gpu', engines: ['flux', 'xtts'], concurrency: 1 });
  });

  it('names only variables the code reads, keeps the data dir on a volume, and needs the engine URLs on the worker', async () => {
    const sources = (await Promise.all(['src/config.ts', 'src/lanes/redis.ts', 'src/trabajador.ts'].map((f) => readFile(path.join(ROOT, f), 'utf8')))).join('\n');
    const known = (name: string): boolean => name === 'MODO_CLASE' /* issue 15 part A: class mode */ || new RegExp(`\\b${name}\\b`).test(sources);
    for (const s of [bot!, worker!]) for (const name of Object.keys(s.environment)) expect(known(name), name).toBe(true);
    expect(bot!.volumes).toEqual([`datos:${bot!.environment.CUADERNO_DATA_DIR}`]);
    expect(Object.keys(compose.volumes)).toEqual(['datos', 'modelos-voz']);
    expect(worker!.environment.FLUX_URL).toMatch(/^\$\{FLUX_URL:\?/);
    expect(worker!.environment.XTTS_URL).toMatch(/^\$\{XTTS_URL:\?/);
  });

  it('runs a whisper server speaking the transcription route only with the `voz` profile, reachable by the bot and this machine alone', async () => {
    const route = (await readFile(path.join(ROOT, 'src/domain/voice/transcribe.ts'), 'utf8')).match(/TRANSCRIPTION_ROUTE = '([^']+)'/)?.[1];
    expect(route).toBe('/v1/audio/transcriptions'); // the route speaches serves
    expect(transcripcion!.image).toMatch(/^ghcr\.io\/speaches-ai\/speaches:/);
    expect(transcripcion!.profiles).toEqual(['voz']);
    expect(transcripcion!.ports).toEqual(['127.0.0.1:8000:8000']);
    expect(transcripcion!.volumes).toEqual(['modelos-voz:/home/ubuntu/.cache/huggingface/hub']);
    // The bot passes the address and the model on; with neither set, voice memos are kept for later.
    expect(bot!.environment.TRANSCRIPCION_URL).toBe('${TRANSCRIPCION_URL:-}');
    expect(bot!.environment.TRANSCRIPCION_MODELO).toMatch(/^\$\{TRANSCRIPCION_MODELO:-Systran\/faster-whisper-/);
  });

  it('builds on a Node the package allows', async () => {
    const dockerfile = await readFile(path.join(ROOT, 'Dockerfile'), 'utf8');
    const m = /^FROM node:(\d+)\.(\d+)/m.exec(dockerfile);
    expect(m).not.toBeNull();
    const [major, minor] = [Number(m![1]), Number(m![2])];
    expect(pkg.engines.node).toBe('>=20.19 <21 || >=22'); // the rule this check encodes
    expect((major === 20 && minor >= 19) || major >= 22).toBe(true);
    expect(dockerfile).toContain('npm ci');
  });
});
