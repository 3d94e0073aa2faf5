// Debian's HAProxy in front of the built servers (R18): round-robin, health checks on /readyz,
// connection failures retried on the other instance. The config is written into a temp directory
// and HAProxy runs in the foreground (-db); its stats page (CSV) tells which servers are up.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/free-port.mjs";

/** The haproxy binary, or null when it is not installed (.ci/run installs it). */
export function haproxyBinary(): string | null {
  for (const candidate of ["haproxy", "/usr/sbin/haproxy"]) {
    if (spawnSync(candidate, ["-v"], { stdio: "ignore" }).status === 0) return candidate;
  }
  return null;
}

export interface Backend {
  name: string;
  port: number;
}

export interface RunningHaproxy {
  url: string;
  /** Each server's state as HAProxy's health check sees it ("UP", "DOWN", "UP 1/2" …). */
  serverStates(): Promise<Record<string, string>>;
  /** Resolves once every named server is in the given state (UP or DOWN). */
  waitFor(state: "UP" | "DOWN", names: string[], timeoutMs?: number): Promise<void>;
  logs: string[];
  stop(): Promise<void>;
}

/** Probe every 300 ms; two failures take a server out, two successes bring it back. */
export const CHECK_INTERVAL_MS = 300;

export function haproxyConfig(backends: Backend[], port: number, statsPort: number): string {
  return `global
  maxconn 2000

defaults
  mode http
  # Kept in logs: a failed run shows which server answered what, and every health-check change.
  log stderr format raw local0
  option httplog
  timeout connect 1s
  # Longer than /readyz's own 1 s limit on its database and Redis pings (ADR 0018): a slow probe on a
  # busy machine is a slow success, not a timeout taking a healthy instance out (ADR 0039).
  timeout check 2s
  timeout client 30s
  timeout server 30s
  # Longer than the test client's (Node's fetch keeps idle connections 4 s): the client, not the
  # balancer, ends an idle connection, so a request is never sent on one the balancer just closed.
  timeout http-keep-alive 10s
  # As deploy/haproxy.cfg: a trickled request is cut off (docs/decisions/0048).
  timeout http-request 10s
  option http-buffer-request
  # A refused or reset connection is retried on the other instance; reads are also retried when an
  # instance answered nothing or 503 (closing). Writes are not replayed after they reached a server.
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response 503

frontend shop
  bind 127.0.0.1:${port}
  option forwardfor
  http-request disable-l7-retry unless METH_GET
  default_backend instances

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz ver HTTP/1.1 hdr host localhost
  http-check expect status 200
  default-server check inter ${CHECK_INTERVAL_MS}ms fall 2 rise 2
${backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port}`).join("\n")}

listen stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats
`;
}

export async function startHaproxy(backends: Backend[]): Promise<RunningHaproxy> {
  const binary = haproxyBinary();
  if (!binary) throw new Error("haproxy is not installed (apt-get install haproxy)");
  const [port, statsPort] = [await freePort(), await freePort()];
  const dir = mkdtempSync(join(tmpdir(), "yj-haproxy-"));
  const config = join(dir, "haproxy.cfg");
  writeFileSync(config, haproxyConfig(backends, port, statsPort));
  const logs: string[] = [];
  const child: ChildProcess = spawn(binary, ["-f", config, "-db"], { stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (c: Buffer) => logs.push(c.toString("utf8")));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));

  const serverStates = async () => {
    const csv = await (await fetch(`http://127.0.0.1:${statsPort}/stats;csv`)).text();
    const [header = "", ...rows] = csv.trim().split("\n");
    const columns = header.replace(/^# /, "").split(",");
    const [proxy, server, status] = ["pxname", "svname", "status"].map((c) => columns.indexOf(c)) as number[];
    const states: Record<string, string> = {};
    for (const row of rows) {
      const cells = row.split(",");
      if (cells[proxy as number] === "instances" && !["FRONTEND", "BACKEND"].includes(cells[server as number] ?? ""))
        states[cells[server as number] as string] = cells[status as number] as string;
    }
    return states;
  };

  const waitFor = async (state: "UP" | "DOWN", names: string[], timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    let last: Record<string, string> = {};
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`haproxy exited:\n${logs.join("")}`);
      try {
        last = await serverStates();
        if (names.every((n) => last[n] === state)) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`haproxy: ${names.join(", ")} not ${state} after ${timeoutMs} ms (${JSON.stringify(last)})`);
  };

  await waitFor(
    "UP",
    backends.map((b) => b.name),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    serverStates,
    waitFor,
    logs,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
