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
  /**
   * The network goes silent, as in a partition that drops every packet: every connection, and every new
   * one, stays open but no byte goes through either way, and nothing is closed or reset. What one side
   * sends meanwhile waits, and so does a side's close, until `resume()`: as TCP delivers them once the
   * network is back.
   */
  stall(): void;
  /** The network is back: what waited goes through (closes first), and the bytes flow again. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A real TCP proxy on loopback in front of a service (PostgreSQL, Redis, …), for the fault drills: each
 * accepted connection opens one to `target` and the bytes flow both ways unchanged until `cut()` or `stall()`.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await freePort();
  const open = new Set<Socket>();
  let server: Server | undefined;
  /** Each accepted connection with the one it opened to the target. */
  const pairs = new Set<[Socket, Socket]>();
  let stalled = false;
  /** The closes that happened while stalled, passed on at `resume()`. */
  const closesHeld = new Set<() => void>();

  const flow = ([client, upstream]: [Socket, Socket]) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const hold = ([client, upstream]: [Socket, Socket]) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    // Unpiped but flowing, a socket would hand its bytes to no one: paused, it keeps them.
    client.pause();
    upstream.pause();
  };

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
      const pair: [Socket, Socket] = [client, upstream];
      pairs.add(pair);
      const closeBoth = () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      const closed = () => (stalled ? closesHeld.add(closeBoth) : closeBoth());
      client.once("close", closed);
      upstream.once("close", closed);
      if (stalled) hold(pair);
      else flow(pair);
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
    stalled = false;
    closesHeld.clear();
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    for (const socket of open) socket.destroy();
    await closed;
  }

  await listen();
  return {
    port,
    get up() {
      return server !== undefined && !stalled;
    },
    cut: stopListening,
    async restore() {
      if (!server) await listen();
    },
    stall() {
      if (stalled) return;
      stalled = true;
      for (const pair of pairs) hold(pair);
    },
    resume() {
      if (!stalled) return;
      stalled = false;
      for (const close of closesHeld) close();
      closesHeld.clear();
      for (const pair of pairs) flow(pair);
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
