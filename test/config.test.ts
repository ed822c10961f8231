import { describe, expect, it } from 'vitest';
import { costUsd, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('defaults to the offline planner and ./data without credentials', () => {
    const c = loadConfig({});
    expect(c.model).toEqual({ kind: 'local' });
    expect(c.dataDir.endsWith('data')).toBe(true);
    expect(c.limits).toMatchObject({ maxIterations: 8, tokenBudget: 60_000 });
    expect(c.lanes).toEqual({ cpu: 2, gpu: 1 });
    expect(Object.isFrozen(c.limits)).toBe(true);
  });

  it('picks the orchestrator model when an API key is present', () => {
    expect(loadConfig({ ANTHROPIC_API_KEY: 'sk-x' }).model).toEqual({ kind: 'anthropic', id: 'claude-sonnet-5-5' });
  });

  it('REDIS_URL: absent keeps the in-process lanes; set, it names the queue (prefix default `cuaderno`); wrong, the fix', () => {
    expect(loadConfig({}).queue).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6380/2' }).queue).toEqual({ url: 'redis://10.0.0.5:6380/2', prefix: 'cuaderno' });
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', CUADERNO_COLA_PREFIJO: 'clase-3b' }).queue).toEqual({ url: 'redis://127.0.0.1:6379', prefix: 'clase-3b' });
    expect(() => loadConfig({ REDIS_URL: 'http://x:6379' })).toThrowError(/Se esperaba que `REDIS_URL` fuera como redis:\/\/host:6379.*se recibió `http:\/\/x:6379`/);
    expect(() => loadConfig({ REDIS_URL: 'redis://x', CUADERNO_COLA_PREFIJO: 'a:b' })).toThrowError(/Se esperaba que `CUADERNO_COLA_PREFIJO`.*se recibió `a:b`/);
  });

  it('lists every problem with the fix', () => {
    const load = () => loadConfig({ GPU_LANES: '0', FLUX_URL: 'ftp://x', CHAT_HOST: '0.0.0.0' });
    expect(load).toThrowError(/Se esperaba que `GPU_LANES` fuera un entero positivo; se recibió `0`/);
    expect(load).toThrowError(/Se esperaba que `FLUX_URL` fuera una URL http\(s\)/);
    expect(load).toThrowError(/Se esperaba que `CHAT_HOST` fuera una dirección de loopback/);
  });

  it('MODO_CLASE: off by default, 1 turns it on, anything else is refused; with a token it needs the teacher\'s id', () => {
    expect(loadConfig({}).classMode).toBe(false);
    expect(loadConfig({ MODO_CLASE: '0' }).classMode).toBe(false);
    expect(loadConfig({ MODO_CLASE: '1' }).classMode).toBe(true);
    expect(loadConfig({ MODO_CLASE: '1', TELEGRAM_BOT_TOKEN: '1:x', ALLOWED_USER_IDS: '5,6' }).classMode).toBe(true);
    expect(() => loadConfig({ MODO_CLASE: 'sí' })).toThrowError(/Se esperaba que `MODO_CLASE` fuera 1 \(modo clase\) o 0; se recibió `sí`/);
    expect(() => loadConfig({ MODO_CLASE: '1', TELEGRAM_BOT_TOKEN: '1:x' })).toThrowError(/`MODO_CLASE=1` necesita `ALLOWED_USER_IDS`/);
  });
});

describe('costUsd', () => {
  it('prices tokens per docs/design.md §3', () => {
    expect(costUsd('claude-sonnet-5-5', 1_000_000, 100_000)).toBeCloseTo(2 + 1, 10);
    expect(costUsd('claude-haiku-5-5', 10_000, 2_000)).toBeCloseTo(0.001 + 0.001, 10);
  });
});
