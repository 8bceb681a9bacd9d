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
 * in `env`. Several servers given the same `env` share the bucket. `stop()` closes it and deletes its
 * objects.
 */
export async function startS3StandIn(
  bucket = "forgeline-pictures",
): Promise<{ env: S3StandInEnv; stop(): Promise<void> }> {
  const directory = await mkdtemp(path.join(tmpdir(), "forgeline-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
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
    async stop() {
      // Clients' idle keep-alive sockets would hold close() open.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
