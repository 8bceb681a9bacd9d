import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { freePort } from "./server-process.js";

export interface TcpProxy {
  /** The loopback port the proxy listens on; point the server at it instead of the real service. */
  port: number;
  /** Whether it passes connections through now. */
  readonly up: boolean;
  /**
   * The service goes away: every open connection is destroyed (both sides) and nothing listens on the port,
   * so a new connection is refused (ECONNREFUSED), as when the machine's service has stopped.
   */
  cut(): Promise<void>;
  /** The service is back: the same port accepts and forwards again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real TCP proxy on loopback in front of a service (PostgreSQL, Redis, …), for the fault drills: each
 * accepted connection opens one to `target` and the bytes flow both ways unchanged until `cut()`.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const open = new Set<Socket>();
  let server: Server | undefined;

  const track = (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
    // A reset from either side is the drill's business, not an uncaught error.
    socket.on("error", () => socket.destroy());
  };

  function listen(): Promise<void> {
    const listening = createServer((client) => {
      track(client);
      const upstream = tcpConnect(target.port, target.host);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.once("close", () => upstream.destroy());
      upstream.once("close", () => client.destroy());
    });
    return new Promise((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(port, "127.0.0.1", () => {
        server = listening;
        resolve();
      });
    });
  }

  async function stopListening(): Promise<void> {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of open) socket.destroy();
    await closed;
  }

  await listen();
  return {
    port,
    get up() {
      return server !== undefined;
    },
    cut: stopListening,
    async restore() {
      if (!server) await listen();
    },
    close: stopListening,
  };
}

/** The same connection address (postgres://, redis://) with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: TcpProxy): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(proxy.port);
  return parsed.toString();
}

/** Where a connection address points: the proxy's target. */
export function targetOf(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname || "127.0.0.1", port: Number(parsed.port || defaultPort) };
}
