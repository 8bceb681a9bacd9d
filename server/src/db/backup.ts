import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, open, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { openPglite } from "./client.js";

/**
 * Backups of the shop's database (docs/OPERATIONS.md, "Database"): PostgreSQL in pg_dump's custom format,
 * the embedded PGlite as its own data-folder dump (gzipped tar). A restore goes into an empty database or
 * data folder only, never over a shop that holds data. Pictures are not in the database: the folder store
 * keeps them in DATA_DIR/images, S3 in its bucket (docs/OPERATIONS.md says how to keep them).
 */
export interface DatabaseLocation {
  databaseUrl: string | undefined;
  dataDir: string;
}

const pgliteFolder = (location: DatabaseLocation) => path.join(location.dataDir, "pgdata");

/**
 * The libpq connection parameters a DATABASE_URL may carry, each with the environment variable PostgreSQL's
 * client programs read it from (libpq's "Environment Variables" list).
 */
const LIBPQ_ENVIRONMENT: Record<string, string> = {
  host: "PGHOST",
  hostaddr: "PGHOSTADDR",
  port: "PGPORT",
  dbname: "PGDATABASE",
  user: "PGUSER",
  password: "PGPASSWORD",
  passfile: "PGPASSFILE",
  service: "PGSERVICE",
  options: "PGOPTIONS",
  application_name: "PGAPPNAME",
  connect_timeout: "PGCONNECT_TIMEOUT",
  client_encoding: "PGCLIENTENCODING",
  target_session_attrs: "PGTARGETSESSIONATTRS",
  sslmode: "PGSSLMODE",
  sslcert: "PGSSLCERT",
  sslkey: "PGSSLKEY",
  sslrootcert: "PGSSLROOTCERT",
  sslcrl: "PGSSLCRL",
  sslcrldir: "PGSSLCRLDIR",
  sslsni: "PGSSLSNI",
  ssl_min_protocol_version: "PGSSLMINPROTOCOLVERSION",
  ssl_max_protocol_version: "PGSSLMAXPROTOCOLVERSION",
  gssencmode: "PGGSSENCMODE",
  channel_binding: "PGCHANNELBINDING",
  require_auth: "PGREQUIREAUTH",
};

/**
 * DATABASE_URL as PostgreSQL client programs' environment variables. `ps` shows every user a program's
 * command line, password included; its environment only to its owner. A parameter without a variable is
 * refused rather than dropped: a dropped sslmode would connect unencrypted.
 */
export function postgresClientEnvironment(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const environment: Record<string, string> = {};
  const set = (name: string, value: string) => {
    if (value) environment[name] = value;
  };
  set("PGHOST", decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, "$1"));
  set("PGPORT", url.port);
  set("PGUSER", decodeURIComponent(url.username));
  set("PGPASSWORD", decodeURIComponent(url.password));
  set("PGDATABASE", decodeURIComponent(url.pathname.slice(1)));
  for (const [parameter, value] of url.searchParams) {
    const variable = LIBPQ_ENVIRONMENT[parameter];
    if (!variable)
      throw new Error(`DATABASE_URL's parameter ${parameter} is not one PostgreSQL's client programs know.`);
    set(variable, value);
  }
  return environment;
}

/** A PostgreSQL client program to run: no connection detail among its arguments, all of them in its environment. */
export interface PostgresClientCall {
  program: string;
  args: string[];
  env: NodeJS.ProcessEnv;
}

function clientCall(program: string, args: string[], databaseUrl: string, parent: NodeJS.ProcessEnv) {
  const { DATABASE_URL: _url, ...inherited } = parent;
  return { program, args, env: { ...inherited, ...postgresClientEnvironment(databaseUrl) } };
}

export const pgDumpCall = (databaseUrl: string, file: string, parent = process.env): PostgresClientCall =>
  clientCall("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`], databaseUrl, parent);

/**
 * pg_restore writes a script instead of restoring unless --dbname is given. A --dbname holding `=` is a
 * connection string whose missing parts come from the environment; this one sets nothing that matters.
 */
export const pgRestoreCall = (databaseUrl: string, file: string, parent = process.env): PostgresClientCall =>
  clientCall(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname=fallback_application_name=pg_restore", file],
    databaseUrl,
    parent,
  );

/** Runs a PostgreSQL client program (pg_dump, pg_restore) and fails with what it wrote on error. */
function run({ program, args, env }: PostgresClientCall): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"], env });
    let errors = "";
    child.stderr.on("data", (chunk) => {
      errors += chunk;
    });
    child.on("error", (error) =>
      reject(new Error(`${program} could not be started (${error.message}); install PostgreSQL's client programs`)),
    );
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed: ${errors.trim()}`))));
  });
}

/**
 * An empty file only its owner may read, for a backup: it holds every account's password hash. An earlier
 * backup at the same place loses its wider mode too.
 */
async function privateFile(file: string) {
  const handle = await open(file, "w", 0o600);
  await handle.chmod(0o600);
  return handle;
}

export async function backupDatabase(location: DatabaseLocation, file: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  if (location.databaseUrl) {
    const call = pgDumpCall(location.databaseUrl, file);
    // pg_dump writes into the file made here, which keeps its mode.
    await (await privateFile(file)).close();
    await run(call);
    return;
  }
  const folder = pgliteFolder(location);
  if (!existsSync(folder)) throw new Error(`No embedded database in ${folder}: nothing to back up.`);
  const client = await openPglite({ dataDir: folder });
  try {
    const dump = await client.dumpDataDir("gzip");
    const target = await privateFile(file);
    try {
      await target.writeFile(Buffer.from(await dump.arrayBuffer()));
    } finally {
      await target.close();
    }
  } finally {
    await client.close();
  }
}

export async function restoreDatabase(location: DatabaseLocation, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  if (location.databaseUrl) {
    await run(pgRestoreCall(location.databaseUrl, file));
    return;
  }
  const folder = pgliteFolder(location);
  if (existsSync(folder) && (await readdir(folder)).length > 0) {
    throw new Error(`${folder} already holds a database: restore into an empty DATA_DIR.`);
  }
  await mkdir(folder, { recursive: true });
  const client = await openPglite({ dataDir: folder, loadDataDir: new Blob([await readFile(file)]) });
  await client.close();
}
