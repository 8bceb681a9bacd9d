import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("loadConfig", () => {
  it("has working defaults: port 5000, embedded database in ./data", () => {
    const config = loadConfig({});
    expect(config.port).toBe(5000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.imagesDir).toBe(path.resolve("data/images"));
    expect(config.seedCatalogue).toBe(true);
  });

  it("treats empty values as unset, as in a copied .env.example", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).databaseUrl).toBeUndefined();
  });

  it("reads PostgreSQL, port and flags from the environment", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://shop@db:5432/shop", PORT: "8080", SEED_CATALOGUE: "false" });
    expect(config).toMatchObject({ databaseUrl: "postgres://shop@db:5432/shop", port: 8080, seedCatalogue: false });
  });

  it("stops with the name of each bad setting", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrowError(/PORT[\s\S]*DATABASE_URL/);
  });
});
