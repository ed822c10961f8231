/**
 * A command's peak memory, with every process it starts (the OCR child included): its process tree's
 * resident memory (VmRSS, /proc) summed and sampled every few milliseconds until it exits. Sampling
 * can only miss a peak, never invent one, so a bound checked with it fails only when it was passed.
 * Linux only (/proc).
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface Peak {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Highest sum of VmRSS over the process and its descendants, in MB. */
  peakMb: number;
  ms: number;
}

const SAMPLE_MS = 10;

function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** The pids of `root` and everything below it. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const out: number[] = [];
  const walk = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) walk(c);
  };
  walk(root);
  return out;
}

/** Runs `command args` (env added to this process's), samples its tree's memory, and resolves when it exits. */
export function peakRss(command: string, args: string[], opts: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<Peak> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(command, args, { env: { ...process.env, ...opts.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let peakKb = 0;
    const sample = () => {
      if (child.pid === undefined) return;
      peakKb = Math.max(peakKb, tree(child.pid).reduce((n, pid) => n + rssKb(pid), 0));
    };
    const sampler = setInterval(sample, SAMPLE_MS);
    const killer = opts.timeoutMs ? setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs) : undefined;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearInterval(sampler);
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, peakMb: Math.round(peakKb / 1024), ms: Date.now() - started });
    });
  });
}
