// Child processes of the bench: spawn with captured output, wait for a message or /healthz, and stop
// every one of them at the end, on failure or on Ctrl-C.
import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";

export interface Child {
  name: string;
  proc: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has gone. */
  exited: Promise<number | string>;
  /** The last lines it printed, for error messages. */
  tail(): string;
}

const live = new Set<Child>();
/** Lines echoed per child before the rest are only kept for error messages. */
const ECHO_LINES = 20;
const TAIL_LINES = 40;

export interface SpawnOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Open an IPC channel (the child can process.send). */
  ipc?: boolean;
  /** Echo the child's output, prefixed with its name. */
  echo?: boolean;
}

export function spawnChild(name: string, command: string, args: string[], options: SpawnOptions): Child {
  const proc = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: options.ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let echoed = 0;
  const collect = (stream: NodeJS.ReadableStream | null) => {
    if (!stream) return;
    createInterface({ input: stream }).on("line", (line) => {
      lines.push(line);
      if (lines.length > TAIL_LINES) lines.shift();
      if (options.echo === false) return;
      if (echoed < ECHO_LINES) console.log(`    [${name}] ${line}`);
      else if (echoed === ECHO_LINES) console.log(`    [${name}] … (further output kept for errors only)`);
      echoed++;
    });
  };
  collect(proc.stdout);
  collect(proc.stderr);
  const exited = new Promise<number | string>((resolve) => {
    proc.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
    proc.once("error", (error) => {
      lines.push(`spawn failed: ${error.message}`);
      resolve("spawn-error");
    });
  });
  const child: Child = { name, proc, exited, tail: () => lines.join("\n") };
  live.add(child);
  void exited.then(() => live.delete(child));
  return child;
}

function running(child: Child): boolean {
  return child.proc.exitCode === null && child.proc.signalCode === null;
}

/** SIGTERM, then SIGKILL when it has not gone after `graceMs`. */
export async function stopChild(child: Child, graceMs = 5000): Promise<void> {
  if (!running(child)) return;
  child.proc.kill("SIGTERM");
  const timer = setTimeout(() => {
    if (running(child)) child.proc.kill("SIGKILL");
  }, graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...live].map((child) => stopChild(child)));
}

/** Last resort on exit: nothing may outlive the bench. */
export function killAllNow(): void {
  for (const child of live) if (running(child)) child.proc.kill("SIGKILL");
}

function exitedError(child: Child, code: number | string, waitingFor: string): Error {
  return new Error(`${child.name} exited (${code}) while waiting for ${waitingFor}.\n${child.tail()}`);
}

/** The first IPC message that passes `guard`; fails if the child exits or the time runs out. */
export function waitForMessage<T>(
  child: Child,
  guard: (m: unknown) => m is T,
  what: string,
  timeoutMs: number,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!guard(message)) return;
      done();
      resolve(message);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${child.name}: no ${what} after ${timeoutMs / 1000} s.\n${child.tail()}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      child.proc.off("message", onMessage);
    };
    child.proc.on("message", onMessage);
    void child.exited.then((code) => {
      done();
      reject(exitedError(child, code, what));
    });
  });
}

/** Polls GET url until it answers 200. */
export async function waitForHealth(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (!running(child)) throw exitedError(child, await child.exited, `${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${child.name}: ${url} not healthy after ${timeoutMs / 1000} s (${last}).\n${child.tail()}`);
}
