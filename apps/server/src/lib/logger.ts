// pino JSON logs. Every written line passes the phone mask, whatever code logged it.

import { maskPhone } from "@yj/contract";
import { type Logger, pino } from "pino";
import { serializeError } from "./error-log.js";
import { sanitizeUrl } from "./mask.js";

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          "req.headers.authorization",
          "req.headers.cookie",
          "req.headers['x-csrf-token']",
          "res.headers['set-cookie']",
        ],
        censor: "[redacted]",
      },
      serializers: {
        err: serializeError,
        req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
          method: req.method,
          url: sanitizeUrl(req.url),
          ip: req.ip,
        }),
      },
      hooks: { streamWrite: maskPhone },
    },
    destination,
  );
}
