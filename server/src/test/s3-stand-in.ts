import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** The S3_* settings of config.ts that point the server at the stand-in's bucket. */
export interface S3StandInEnv extends Record<string, string> {
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: string;
}

/**
 * A real S3-compatible server (s3rver, objects in a temporary folder) on a free loopback port, with one
 * empty bucket, standing in for object storage. It checks request signatures as S3 does, with the keys
 * in `env`. Several servers given the same `env` share the bucket. `down()` stops it and `up()` starts it
 * again on the same port with the same objects (the store was away); `stop()` closes it and deletes its
 * objects.
 */
export async function startS3StandIn(
  bucket = "forgeline-pictures",
): Promise<{ env: S3StandInEnv; down(): Promise<void>; up(): Promise<void>; stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), "forgeline-s3-"));
  const serve = async (port: number) => {
    const standIn = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    return { standIn, address: await standIn.run() };
  };
  const first = await serve(0);
  let server: S3rver | undefined = first.standIn;
  const { port } = first.address;
  const close = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    // Clients' idle keep-alive sockets would hold close() open.
    running.httpServer.closeAllConnections();
    await running.close();
  };
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      // s3rver's own keys: it refuses requests signed with any other.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    down: close,
    async up() {
      if (!server) server = (await serve(port)).standIn;
    },
    async stop() {
      await close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
