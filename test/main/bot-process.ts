/**
 * The bot as the operator runs it: the compiled `node dist/main.js` (what `npm start` runs, built
 * once per test run by vitest's globalSetup) as a child process — or another command, e.g. `npm start`.
 *
 * Why a process group: a wrapper (`npm start`) starts the real Node process as *its* child. A
 * SIGKILL cannot be relayed, so killing only the wrapper would leave the bot running as an orphan
 * that keeps polling. The child is therefore started `detached` (its own process group) and a
 * crash is simulated by SIGKILL to the whole group — what the OOM killer, `systemctl kill -s KILL`
 * or a container stop after its grace period do. SIGTERM goes to the started process alone (a
 * service manager's stop), which a wrapper relays to the bot.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { childEnv, compiled, ROOT } from '../support/compiled.js';

export { ROOT };

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface BotProcess {
  readonly pid: number;
  /** Everything printed so far. */
  stdout(): string;
  stderr(): string;
  /** Settles when the started process has exited and its output is drained (never rejects). */
  readonly exited: Promise<Exit>;
  /** True until the started process has exited. */
  running(): boolean;
  /** Resolves with stdout once it matches `re`; rejects on exit or after `timeoutMs`. */
  waitForStdout(re: RegExp, timeoutMs: number): Promise<string>;
  /** SIGKILL to the whole process group (a wrapper and the bot): a crash. No-op once gone. */
  killGroup(): void;
  /** A signal to the started process only, as a service manager sends it. */
  signal(sig: NodeJS.Signals): void;
}

/**
 * Starts `node dist/main.js` in the repository root (or `command`, in `command.cwd` if given: an
 * older tree's bot) with a clean environment (`childEnv()`) plus `env`, so a developer's or CI's
 * ANTHROPIC_API_KEY / TELEGRAM_BOT_TOKEN never leaks in.
 */
export function startBotProcess(env: Record<string, string>, command: { file: string; args: string[]; cwd?: string } = { file: process.execPath, args: [compiled('main')] }): BotProcess {
  const child: ChildProcess = spawn(command.file, command.args, { cwd: command.cwd ?? ROOT, env: { ...childEnv(), ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid === undefined) throw new Error(`could not spawn ${command.file}`);
  const pid = child.pid;
  let out = '';
  let err = '';
  let gone = false;
  child.stdout?.setEncoding('utf8').on('data', (d: string) => { out += d; });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => { err += d; });
  const exited = new Promise<Exit>((resolve) => {
    child.once('error', () => { gone = true; resolve({ code: null, signal: null }); });
    // 'close' (not 'exit'): the pipes are drained, so stdout/stderr are complete.
    child.once('close', (code, signal) => { gone = true; resolve({ code, signal }); });
  });

  return {
    pid,
    stdout: () => out,
    stderr: () => err,
    exited,
    running: () => !gone,
    waitForStdout(re, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!re.test(out)) return;
          cleanup();
          resolve(out);
        };
        const onData = () => { check(); };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`stdout did not match ${re} within ${timeoutMs} ms\nstdout:\n${out}\nstderr:\n${err}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          child.stdout?.off('data', onData);
        };
        child.stdout?.on('data', onData);
        void exited.then((x) => {
          if (re.test(out)) return;
          cleanup();
          reject(new Error(`the bot exited (${JSON.stringify(x)}) before stdout matched ${re}\nstdout:\n${out}\nstderr:\n${err}`));
        });
        check();
      });
    },
    killGroup() {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
      }
    },
    signal(sig) {
      if (!gone) child.kill(sig);
    },
  };
}
