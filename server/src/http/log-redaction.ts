import type { FastifyRequest } from "fastify";

/** Reset and verification tokens, OAuth codes and states travel in addresses; the logs get none of them. */
export function withoutSecrets(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/, "$1[redacted]")
    .replace(/([?&](?:token|code|state)=)[^&#]*/gi, "$1[redacted]");
}

/** pino's request serializer, with the address cleaned. */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutSecrets(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
