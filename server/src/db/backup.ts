import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { openPglite } from "./client.js";

/**
 * Backups of the shop's database (DESIGN.md 11.3): PostgreSQL in pg_dump's custom format, the embedded
 * PGlite as its own data-folder dump (gzipped tar). A restore goes into an empty database or data folder
 * only, never over a shop that holds data. Pictures are not in the database: the folder store keeps them
 * in DATA_DIR/images, S3 in its bucket (docs/OPERATIONS.md says how to keep them).
 */
export interface DatabaseLocation {
  databaseUrl: string | undefined;
  dataDir: string;
}

const pgliteFolder = (location: DatabaseLocation) => path.join(location.dataDir, "pgdata");

/** Runs a PostgreSQL client program (pg_dump, pg_restore) and fails with what it wrote on error. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ["ignore", "ignore", "pipe"] });
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

export async function backupDatabase(location: DatabaseLocation, file: string): Promise<void> {
  await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  if (location.databaseUrl) {
    await run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, location.databaseUrl]);
    return;
  }
  const folder = pgliteFolder(location);
  if (!existsSync(folder)) throw new Error(`No embedded database in ${folder}: nothing to back up.`);
  const client = await openPglite({ dataDir: folder });
  try {
    const dump = await client.dumpDataDir("gzip");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

export async function restoreDatabase(location: DatabaseLocation, file: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`No backup at ${file}.`);
  if (location.databaseUrl) {
    await run("pg_restore", [
      "--no-owner",
      "--no-privileges",
      "--exit-on-error",
      `--dbname=${location.databaseUrl}`,
      file,
    ]);
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
