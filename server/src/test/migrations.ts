import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { migrationsFolder } from "../db/client.js";

/** A copy of the migrations folder in `folder` holding only those before `tag`, to build a database made the old way. */
export async function migrationsBefore(folder: string, tag: string): Promise<string> {
  const before = path.join(folder, "drizzle");
  await cp(migrationsFolder, before, { recursive: true });
  const journalFile = path.join(before, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalFile, "utf8"));
  journal.entries = journal.entries.filter((entry: { tag: string }) => entry.tag < tag);
  await writeFile(journalFile, JSON.stringify(journal));
  return before;
}
