// N built servers on one fresh PostgreSQL database (and Redis when REDIS_URL is set, under this run's
// own prefix) behind HAProxy, as production runs them (R18). A suite asks `clusterUnavailable()`
// first: without TEST_DATABASE_URL or haproxy it is skipped with a loud message (CI has both).
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect } from "vitest";
import { type FakeRobot, startFakeRobot } from "./fake-robot";
import { haproxyBinary, type RunningHaproxy, startHaproxy } from "./haproxy";
import { call, type Session, visitorAddress } from "./http";
import { type FreshDatabase, freshDatabase, TEST_DATABASE_URL } from "./postgres";
import { ROOT, RUN_REDIS_PREFIX, type RunningServer, startServer } from "./server";

/** Why the cluster cannot run here, or null. */
export function clusterUnavailable(): string | null {
  const missing = [
    TEST_DATABASE_URL ? null : "TEST_DATABASE_URL (a PostgreSQL server)",
    haproxyBinary() ? null : "haproxy (apt-get install haproxy)",
  ].filter(Boolean);
  if (missing.length === 0) return null;
  const why = `multi-instance suite SKIPPED: missing ${missing.join(" and ")}; .ci/run provides both`;
  console.warn(`\n${"!".repeat(100)}\n!! ${why}\n${"!".repeat(100)}\n`);
  return why;
}

export interface Instance {
  name: string;
  server: RunningServer;
}

export interface Cluster {
  /** The load balancer's address: every request of a test goes here unless it means one instance. */
  url: string;
  instances: Instance[];
  haproxy: RunningHaproxy;
  database: FreshDatabase;
  robot: FakeRobot;
  /** Starts a stopped or killed instance again on its port; resolves when HAProxy sees it up. */
  restart(name: string): Promise<Instance>;
  /** How many requests to this route pattern the instance answered, from its own /metrics. */
  served(name: string, route: string): Promise<number>;
  /** How many rounds of this background job the instance ran, from its own /metrics. */
  jobRuns(name: string, job: string): Promise<number>;
  /** One metric's samples whose labels include `label`, summed, from the instance's own /metrics. */
  metric(name: string, metric: string, label?: string): Promise<number>;
  /** The code the console SMS provider logged for this phone, on whichever instance sent it. */
  smsCode(phone: string): string;
  stop(): Promise<void>;
}

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;
export const INSTANCE_NAMES = ["a", "b", "c", "d"];

/** Production settings, with the demo shop and the console SMS provider (codes read from the log). */
function instanceEnv(databaseUrl: string, robotUrl: string, extra: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `${RUN_REDIS_PREFIX}cluster:`,
    CODE_HASH_SECRET: "e2e-cluster-code-hash-secret-0123456789",
    SMS_ALLOW_CONSOLE_IN_PRODUCTION: "true",
    PUBLIC_ORIGIN: "https://shop.example.cn",
    PAYMENT_ALLOW_OFFLINE_IN_PRODUCTION: "true",
    SEED_DEMO: "true",
    // HAProxy is one hop; the suites play many visitors by naming them in X-Forwarded-For, as a CDN
    // in front of the balancer would, so per-address limits see visitors, not the test runner.
    TRUST_PROXY: "2",
    WECOM_WEBHOOK_URL: robotUrl,
    ADMIN_BASE_URL: "https://shop.example.cn",
    LEAD_OUTBOX_POLL_MS: "200",
    // Several 300 ms probes long, with room for a busy machine.
    SHUTDOWN_DRAIN_MS: "3000",
    // Four instances, HAProxy and a browser share two cores here: a busy test machine is not the
    // overload that shedding is for (apps/server/test/load-shedding.test.ts tests it, ADR 0048).
    LOAD_SHED_EVENT_LOOP_DELAY_MS: "0",
    ...extra,
  };
}

/** The sum of one metric's samples whose labels include `label`, from the instance's /metrics. */
async function metricSum(instance: Instance, prefix: string, label: string): Promise<number> {
  const text = await (await fetch(`${instance.server.url}/metrics`)).text();
  return text
    .split("\n")
    .filter((line) => line.startsWith(prefix) && line.includes(label))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

export async function startCluster(options: { instances?: number; env?: Record<string, string> } = {}) {
  const adminUrl = TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const database = await freshDatabase(adminUrl);
  const robot = await startFakeRobot();
  const env = instanceEnv(database.url, robot.url, options.env ?? {});
  const names = INSTANCE_NAMES.slice(0, options.instances ?? 2);
  const instances: Instance[] = [];
  let haproxy: RunningHaproxy | undefined;
  const stopAll = async () => {
    await haproxy?.stop();
    await Promise.all(instances.map((i) => i.server.stop("SIGKILL")));
    for (const instance of instances) instance.server.cleanup();
    await robot.close();
    await database.drop();
  };
  try {
    // Started together: migrations and the demo load run once, under the start-up lock.
    const started = await Promise.all(names.map((name) => startServer({ env }).then((server) => ({ name, server }))));
    instances.push(...started);
    haproxy = await startHaproxy(instances.map((i) => ({ name: i.name, port: i.server.port })));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const lb = haproxy;
  const byName = (name: string) => {
    const found = instances.find((i) => i.name === name);
    if (!found) throw new Error(`no instance ${name}`);
    return found;
  };
  const cluster: Cluster = {
    url: lb.url,
    instances,
    haproxy: lb,
    database,
    robot,
    async restart(name) {
      const instance = byName(name);
      await instance.server.stop("SIGKILL");
      instance.server.cleanup();
      instance.server = await startServer({ env, port: instance.server.port });
      await lb.waitFor("UP", [name]);
      return instance;
    },
    served: (name, route) => metricSum(byName(name), "http_request_duration_seconds_count{", `route="${route}"`),
    jobRuns: (name, job) => metricSum(byName(name), "job_runs_total{", `job="${job}"`),
    metric: (name, metric, label = "") => metricSum(byName(name), `${metric}{`, label),
    smsCode(phone) {
      const code = instances
        .flatMap((i) => i.server.logLines())
        .filter((l) => l.phone === masked(phone) && typeof l.smsCode === "string")
        .at(-1)?.smsCode;
      if (typeof code !== "string") throw new Error(`no code was logged for ${masked(phone)}`);
      return code;
    },
    stop: stopAll,
  };
  return cluster;
}

/** The code the console provider logged; its line may reach us a moment after the answer. */
export async function loggedCode(cluster: Cluster, phone: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return cluster.smsCode(phone);
    } catch (error) {
      if (attempt >= 40) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A customer logged in through the balancer with a code sent by SMS, as a visitor does. */
export async function logIn(cluster: Cluster, phone: string, visitor: string): Promise<Session> {
  const sent = await call(cluster.url, `/api/customers/getVerificationCode?phone=${phone}`, { visitor });
  if (sent.body.code !== 1) throw new Error(`no code sent: ${sent.body.message}`);
  const login = await call<{ token: string; csrf: string }>(cluster.url, "/api/customers/register", {
    body: { mobile: phone, code: await loggedCode(cluster, phone) },
    visitor,
  });
  if (login.body.code !== 1) throw new Error(`login refused: ${login.body.message}`);
  return { token: login.body.data.token, csrf: login.body.data.csrf };
}

/** A delivery address for orders placed in these suites. */
export const testAddress = (phone: string) => ({
  name: "多实例",
  phone,
  province: "浙江省",
  city: "杭州市",
  district: "西湖区",
  town: "",
  detail: "文三路 1 号",
});

/** A back-office session: the yj_staff cookie as a header, and the CSRF token for writes. */
export interface StaffSession {
  cookie: string;
  csrf: string;
}

/** A staff member made by the command, with the one-time password it printed. */
export interface StaffMember {
  username: string;
  oneTimePassword: string;
}

/**
 * `npm run admin -- create` on the cluster's database, as a shop owner makes staff. Seconds on a busy
 * machine and no request to the balancer: a suite may start it in beforeAll and log in later.
 */
export async function createStaffMember(
  cluster: Cluster,
  role: "operations" | "sales",
  name?: string,
): Promise<StaffMember> {
  const username = `${role.slice(0, 3)}_${Date.now().toString(36)}`;
  // Not spawnSync: a blocked event loop keeps the client from retiring idle connections the
  // balancer closes meanwhile, and the next request would be sent on a closed one.
  const made = await promisify(execFile)(
    process.execPath,
    [
      join(ROOT, "apps/server/dist/admin-cli.js"),
      "create",
      username,
      "--role",
      role,
      ...(name ? ["--name", name] : []),
    ],
    { cwd: ROOT, env: { ...process.env, DATABASE_URL: cluster.database.url, NODE_ENV: "test" }, encoding: "utf8" },
  );
  const oneTimePassword = made.stdout.match(/one-time password: (\S+)/)?.[1];
  if (!oneTimePassword) throw new Error(`admin create printed no password: ${made.stdout}`);
  return { username, oneTimePassword };
}

/** A staff member (made now, or made earlier) logged in through the balancer, the one-time password replaced. */
export async function staffLogIn(
  cluster: Cluster,
  member: "operations" | "sales" | Promise<StaffMember> = "operations",
): Promise<StaffSession> {
  const { username, oneTimePassword } = await (typeof member === "string"
    ? createStaffMember(cluster, member)
    : member);
  const login = await staffPost(cluster, "/api/admin/session/login", { username, password: oneTimePassword });
  const token = login.headers.getSetCookie().find((c) => c.startsWith("yj_staff="));
  const loginBody = (await login.json()) as { code: number; message: string; data: { csrf: string } };
  if (loginBody.code !== 1 || !token) throw new Error(`staff login refused: ${loginBody.message}`);
  const session = { cookie: token.split(";")[0] as string, csrf: loginBody.data.csrf };
  const changed = await staffPost(
    cluster,
    "/api/admin/session/password",
    { currentPassword: oneTimePassword, newPassword: "Working9day" },
    session,
  );
  const changedBody = (await changed.json()) as { code: number; message: string };
  if (changedBody.code !== 1) throw new Error(`password change refused: ${changedBody.message}`);
  return session;
}

/** A back-office POST through the balancer (or `base`), from an address of its own. */
export function staffPost(cluster: Cluster, path: string, body: unknown, session?: StaffSession, base = cluster.url) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": visitorAddress(),
      ...(session ? { cookie: session.cookie, "x-csrf-token": session.csrf } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The instance whose chat_streams_open counts `count` streams of `holder`: where a stream landed. */
export async function instanceHolding(cluster: Cluster, holder: "visitor" | "staff", count = 1): Promise<string> {
  let found = "";
  await expect
    .poll(
      async () => {
        const counts = await Promise.all(
          cluster.instances.map((i) => cluster.metric(i.name, "chat_streams_open", `state="${holder}"`)),
        );
        found = cluster.instances.find((_, n) => counts[n] === count)?.name ?? "";
        return counts.reduce((a, b) => a + b, 0) === count && found !== "";
      },
      { timeout: 10_000, interval: 50 },
    )
    .toBe(true);
  return found;
}
