/**
 * The server's logger: one JSON object per line (pino) on standard output, or appended to
 * LOG_FILE when set; human-readable through pino-pretty only when NODE_ENV=development
 * (pino-pretty is a devDependency, so production never loads it). Secrets never get here:
 * the request line carries no headers, body or query string, and the paths below are
 * redacted wherever they appear in logged objects.
 */
import pino from "pino";

export const REDACT_PATHS = [
  "password",
  "*.password",
  "currentPassword",
  "newPassword",
  "token",
  "*.token",
  "code",
  "*.code",
  "cookie",
  "*.cookie",
  "headers.cookie",
  "headers.authorization",
  "*.headers.cookie",
  "*.headers.authorization",
  "card",
  "*.card",
  "cardNumber",
  "*.cardNumber",
  "client_secret",
  "*.client_secret",
];

export type Logger = pino.Logger;

export function createLogger(env: { NODE_ENV?: string; LOG_FILE?: string; LOG_LEVEL?: string } = process.env): Logger {
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL ?? "info",
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: { err: pino.stdSerializers.err },
  };
  if (env.NODE_ENV === "development" && !env.LOG_FILE) {
    return pino({ ...options, transport: { target: "pino-pretty", options: { colorize: true } } });
  }
  // Synchronous writes: a line is on disk before the next request starts, so a crash or a
  // kill -9 never loses the line that explains it.
  return pino(options, pino.destination({ dest: env.LOG_FILE ?? 1, sync: true, append: true, mkdir: true }));
}
