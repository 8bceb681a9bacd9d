import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, pgliteDatabase, postgresDatabase } from "../db/client.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string | null;
  }
}

/**
 * Migrates one database before the run; every test file then starts from a copy of it. A cold PGlite
 * start with migrations costs seconds, a copy far less. With TEST_DATABASE_URL the same happens on a
 * real PostgreSQL through a template database.
 */
export default async function setup(project: TestProject) {
  const folder = await mkdtemp(path.join(tmpdir(), "forgeline-test-"));
  const client = await openPglite();
  await pgliteDatabase(client).migrate();
  const dump = await client.dumpDataDir("none");
  const templateFile = path.join(folder, "template.tar");
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide("pgliteTemplate", templateFile);

  const url = process.env.TEST_DATABASE_URL;
  let templateName: string | null = null;
  if (url) {
    templateName = `forgeline_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.query(`CREATE DATABASE ${templateName}`);
    await admin.end();
    const template = postgresDatabase(databaseUrlFor(url, templateName), 1);
    await template.migrate();
    await template.close();
  }
  project.provide("postgresTemplate", templateName);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (url && templateName) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
      await admin.end();
    }
  };
}

export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
