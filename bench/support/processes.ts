// Child processes of the benchmarks: a server script started with tsx that prints
// `PORT <n>` on stderr once it listens, and a clean stop that waits for its exit.
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_DEMO_KEY } from '../../server/sandbox/options.ts';

/**
 * The booking-token secret of the app servers the benchmarks start in upstream mode: each
 * run makes its own (upstream mode needs one; nothing outlives the run).
 */
export const BENCH_TOKEN_SECRET = randomBytes(32).toString('base64url');

/** The app server in upstream mode in front of a standalone sandbox, its access log on. */
export function upstreamAppEnv(sandboxPort: number): Record<string, string> {
  return {
    HOTEL_API_BASE_URL: `http://127.0.0.1:${sandboxPort}`,
    HOTEL_API_KEY: SANDBOX_DEMO_KEY,
    HOTEL_API_KEY_FILE: '',
    BOOKING_TOKEN_SECRET: BENCH_TOKEN_SECRET,
    LOG_LEVEL: 'info',
  };
}

export interface RunningChild {
  child: ChildProcess;
  port: number;
  stop(): Promise<void>;
}

export function startServerScript(
  script: string,
  env: Record<string, string>,
  timeoutMs = 120_000,
  nodeArgs: readonly string[] = [],
  /** Another checkout of the project to run the script from (an A/B of two commits). */
  cwd?: string,
): Promise<RunningChild> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script], {
    cwd,
    env: { ...process.env, ...env },
    // stdout carries the access log, which goes nowhere (its cost stays).
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve();
        return;
      }
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} did not listen within ${timeoutMs / 1000} s:\n${err}`));
    }, timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString('utf8');
      const match = /PORT (\d+)/.exec(err);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]), stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${String(code)}):\n${err}`));
    });
  });
}

export interface RunOptions {
  env?: Record<string, string>;
  quiet?: boolean;
  okCodes?: readonly number[];
}

/** Runs a command to its end; rejects with its output when it fails. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (!options.quiet) process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== null && (options.okCodes ?? [0]).includes(code))
        resolve({ stdout, stderr, code });
      else {
        reject(
          new Error(`${command} ${args.join(' ')} exited ${String(code)}:\n${stderr.slice(-2000)}`),
        );
      }
    });
  });
}

/**
 * Runs a tool that writes its report as JSON to a file named on its command line (`args`
 * is given the path), and reads the report back. The file lives in a folder of its own,
 * removed after the run whatever happened.
 */
export async function runForJsonReport<T>(
  name: string,
  command: string,
  args: (reportPath: string) => readonly string[],
  options: RunOptions = {},
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `staylane-${name}-`));
  const reportPath = join(dir, 'report.json');
  try {
    await runCommand(command, args(reportPath), options);
    return JSON.parse(readFileSync(reportPath, 'utf8')) as T;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
