import pino, { type Logger } from "pino";
import type { Env } from "./env";

export type { Logger };

/** Structured JSON logs; pretty-printed only for a human at a development terminal. */
export function createLogger(env: Pick<Env, "LOG_LEVEL" | "NODE_ENV">): Logger {
  const pretty = env.NODE_ENV === "development" && process.stdout.isTTY;
  return pino({
    level: env.LOG_LEVEL,
    base: undefined,
    ...(pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" },
          },
        }
      : {}),
  });
}
