import type { FastifyRequest } from "fastify";

/**
 * Reset, verification and invitation tokens, OAuth codes and states travel in addresses; the logs get none
 * of them. An invitation's token opens its page and the API's reading and accepting; an owner withdraws
 * one by its id (/companies/{id}/invitations/{invitationId}), which opens nothing and stays.
 */
export function withoutSecrets(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/, "$1[redacted]")
    .replace(/^((?:\/api)?\/invitations\/)[^/?#]+/, "$1[redacted]")
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
