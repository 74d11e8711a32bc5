// The real app server (server/main.ts) or the standalone sandbox (server/sandbox/main.ts)
// as a child process, from the sources with tsx, with a clean environment: every byte it
// writes to stdout and stderr is kept (for the secrets scan), and it can be killed -9.
import { spawn, type ChildProcess } from 'node:child_process';

export interface ServerProcess {
  child: ChildProcess;
  /** Base URL once it listens. */
  url: Promise<string>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGINT, as at a terminal: it closes at once and writes what its logs hold; its exit. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL: no handler runs, nothing is flushed or closed. */
  kill9(): Promise<void>;
}

const LISTENING = {
  app: /listening on http:\/\/localhost:(\d+)/,
  sandbox: /http:\/\/127\.0\.0\.1:(\d+)/,
};

export function startProcess(kind: 'app' | 'sandbox', env: Record<string, string>): ServerProcess {
  const entry = kind === 'app' ? 'server/main.ts' : 'server/sandbox/main.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: process.cwd(),
    // Only what is given: nothing of the developer's environment (.env aside) leaks in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  const url = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = LISTENING[kind].exec(output);
      if (match?.[1]) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => {
      reject(new Error(`${entry} exited before listening:\n${output}`));
    });
  });
  url.catch(() => undefined);
  return {
    child,
    url,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      return exited;
    },
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
