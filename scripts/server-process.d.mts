import type { ChildProcess } from "node:child_process";

export function startServer(dataDir: string, port: number, env?: Record<string, string>): Promise<ChildProcess>;
export function stopServer(server: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
export function apiCustomer(
  port: number,
  email: string,
  password?: string,
): Promise<{ email: string; cookie: string; token: string }>;
export function apiSignIn(
  port: number,
  email: string,
  password?: string,
): Promise<{ email: string; cookie: string; token: string }>;
