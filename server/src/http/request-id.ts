import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { Config } from "../config.js";
import { REQUEST_ID_PATTERN } from "./metrics.js";

export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * Which peers are the shop's proxies, as TRUST_PROXY says: one function, so that the address Fastify takes
 * from X-Forwarded-For and the id taken from X-Request-Id trust the same proxies.
 */
export function proxyTrust(setting: Config["trustProxy"]): ProxyTrust {
  if (setting === false) return () => false;
  // A hop count trusts that many proxies nearest the server (proxy-addr counts hops from 0).
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  return proxyAddr.compile(setting);
}

/**
 * The request's id, in each of its log lines and in the answer's X-Request-Id: the balancer's X-Request-Id
 * when it is a plain token and the request came through the balancer, else a new one. A client that reaches
 * the server directly would otherwise choose the id its lines are logged under, another request's too.
 */
export function requestIdFor(request: IncomingMessage, trust: ProxyTrust): string {
  const given = request.headers["x-request-id"];
  const peer = request.socket.remoteAddress;
  const throughProxy = peer !== undefined && trust(peer, 0);
  return throughProxy && typeof given === "string" && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}
