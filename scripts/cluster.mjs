// `npm run cluster [-- --port=5300]`: the storefront as operators run it, on one machine: HAProxy
// (deploy/haproxy.cfg) in front of three instances sharing one PostgreSQL, Redis and an S3-compatible store
// (s3rver). Prints the address; Ctrl-C stops everything. Also the cluster of the drill (bench/soak.mjs --cluster).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import S3rver from "s3rver";
import { startServer, stopServer } from "./server-process.mjs";

const root = path.resolve(import.meta.dirname, "..");
export const INSTANCES = 3;
const BUCKET = "forgeline-pictures";

/** Whether something listens at host:port (PostgreSQL, Redis). */
export function answers(port, host = "127.0.0.1") {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(1000, () => socket.destroy());
    socket.on("connect", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
    socket.on("close", () => resolve(false));
  });
}

/** HAProxy's path, or null when it is not installed (Debian: `apt-get install -y haproxy`). */
export function haproxyPath() {
  for (const candidate of ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "/usr/bin/haproxy"]) {
    if (existsSync(candidate)) return candidate;
  }
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : null;
}

async function until(what, check, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`);
}

const ready = (port) =>
  fetch(`http://127.0.0.1:${port}/api/ready`).then(
    (response) => response.ok,
    () => false,
  );

/**
 * Starts the whole cluster on `databaseUrl` (a PostgreSQL database of its own), with its files under
 * `dataDir`: the balancer on `port`, the instances on the next three ports, the object store on port + 9.
 * `env` goes to every instance. Answers the balancer's URL, each instance's port, and how to stop
 * (`kill(i, signal)`), start again (`restart(i)`) and end it all (`stop()`).
 */
export async function startCluster({ port = 5300, databaseUrl, dataDir, env = {} }) {
  const haproxy = haproxyPath();
  if (!haproxy) throw new Error("HAProxy is not installed (Debian/Ubuntu: sudo apt-get install -y haproxy)");
  mkdirSync(path.join(dataDir, "s3"), { recursive: true });
  const s3 = new S3rver({
    address: "127.0.0.1",
    port: port + 9,
    silent: true,
    directory: path.join(dataDir, "s3"),
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
  const redis = (await answers(6379)) ? "redis://127.0.0.1:6379" : undefined;
  const url = `http://localhost:${port}`;
  const shared = {
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    ...(redis && { REDIS_URL: redis }),
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port + 9}`,
    S3_REGION: "us-east-1",
    // s3rver's own keys: it refuses requests signed with any other.
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    // One secret for all, so a session or token from one instance is good on the others.
    AUTH_SECRET: "cluster-secret-0123456789abcdef0123456789abcdef",
    PAYMENT_PROVIDER: "test",
    // Production asks who sells, for the invoices: a stand-in seller for trying it out.
    SHOP_ADDRESS: "Forgeline Tools (cluster trial), 1 Anvil Road, Springfield",
    SHOP_TAX_ID: "US-00-0000000",
    // The balancer's address as the instances see it: a hop count would believe whoever else connects.
    TRUST_PROXY: "127.0.0.1",
    PUBLIC_URL: url,
    ...env,
  };
  const ports = Array.from({ length: INSTANCES }, (_, i) => port + 1 + i);
  const start = (i) =>
    startServer(path.join(dataDir, `app${i + 1}`), ports[i], shared).then((server) => {
      instances[i] = server;
      return server;
    });
  const instances = [];
  // Together, as a deploy starts them: the migrations and the first seed take turns under their lock.
  await Promise.all(ports.map((_, i) => start(i)));
  const balancer = spawn(haproxy, ["-f", path.join(root, "deploy/haproxy.cfg"), "-db"], {
    env: {
      ...process.env,
      FORGELINE_BIND: `127.0.0.1:${port}`,
      ...Object.fromEntries(ports.map((p, i) => [`FORGELINE_APP${i + 1}`, `127.0.0.1:${p}`])),
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const balancerExit = new Promise((resolve) => balancer.once("exit", resolve));
  await until("HAProxy did not answer", () => ready(port), 15_000);
  let stopped = false;
  return {
    url,
    redis,
    ports,
    instance: (i) => instances[i],
    /** Stops instance i with `signal` (SIGKILL: at once; SIGTERM: it drains) and waits for it to end. */
    kill: (i, signal) => stopServer(instances[i], signal),
    /** Starts instance i again, once it answers /api/ready. */
    restart: (i) => start(i),
    /** Waits until the balancer counts instance i up again (its health checks pass). */
    async inService(i) {
      await until(`instance ${i + 1} was not ready`, () => ready(ports[i]));
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // The balancer first lets the requests under way finish (soft stop), then the instances drain.
      balancer.kill("SIGUSR1");
      await balancerExit;
      await Promise.all(instances.map((server) => stopServer(server, "SIGTERM")));
      await s3.close();
    },
  };
}

/** The cluster's own database on the local PostgreSQL (trust authentication), made when missing. */
async function clusterDatabase() {
  const server = process.env.CLUSTER_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const name = "forgeline_cluster";
  const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function main() {
  const port = Number(process.argv.find((arg) => arg.startsWith("--port="))?.slice(7) ?? 5300);
  if (!existsSync(path.join(root, "server/dist/server.js")) || !existsSync(path.join(root, "web/dist/index.html"))) {
    console.log("Building the storefront…");
    if (spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" }).status !== 0) process.exit(1);
  }
  if (!(await answers(5432))) {
    console.error("No PostgreSQL answers on 127.0.0.1:5432 (set CLUSTER_POSTGRES_URL to use another server).");
    process.exit(1);
  }
  const dataDir = path.join(root, "data/cluster");
  mkdirSync(dataDir, { recursive: true });
  // The first admin, made by whichever instance seeds first; its password is kept for the next start.
  const passwordFile = path.join(dataDir, "admin-password");
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(12).toString("base64url"), { mode: 0o600 });
  const admin = { SEED_ADMIN_EMAIL: "admin@forgeline.test", SEED_ADMIN_PASSWORD: readFileSync(passwordFile, "utf8") };
  console.log("Starting the object store, three instances and HAProxy…");
  const cluster = await startCluster({ port, databaseUrl: await clusterDatabase(), dataDir, env: admin });
  console.log(
    `\nThe shop is at ${cluster.url} (HAProxy in front of instances on ports ${cluster.ports.join(", ")}; ` +
      `${cluster.redis ? "limits in Redis" : "no Redis on 127.0.0.1:6379: limits in PostgreSQL"}; pictures in ` +
      `s3rver on port ${port + 9}, kept in data/cluster/s3).\nAdmin: ${admin.SEED_ADMIN_EMAIL}, password in ` +
      "data/cluster/admin-password. Ctrl-C stops everything.",
  );
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log("\nStopping: the balancer, then each instance after its requests in flight…");
      cluster.stop().then(() => process.exit(0));
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
