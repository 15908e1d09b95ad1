import { isIP } from 'node:net';
import { z } from 'zod';
import { checked, type SettingProblem } from './config-error';

/** The HTTP server: slow clients, the proxies in front of it, /metrics. */
export const httpEnv = {
  /** Proxies in front of us: a hop count or their addresses/CIDRs (parseTrustProxy). */
  TRUST_PROXY: z.string().default('false'),
  /** Exposes GET /metrics (Prometheus) to requests with `Authorization: Bearer <this>`; unset: no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  /** `npm run worker` serves its own GET /metrics on this port (same token); unset: none. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * Slow clients: a request's headers must have arrived within this time (a phone on a
   * weak network sends them in one or two round trips of well under a second); a socket that
   * dribbles them is closed instead of held.
   */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** A whole request, body included: a 10 MB picture over a weak phone uplink (~100 KB/s) fits. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(180),
  /** An idle keep-alive connection is closed after this. */
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
};

export type HttpEnv = z.output<z.ZodObject<typeof httpEnv>>;

export interface HttpSettings {
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses and CIDRs. */
  trustProxy: false | number | string[];
  /** Slow-client limits of the HTTP server, in milliseconds (see HTTP_*_SECONDS). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; keepAliveTimeoutMs: number };
  metricsToken: string | undefined;
  /** The port of a worker process's own /metrics (WORKER_METRICS_PORT); undefined: none. */
  workerMetricsPort: number | undefined;
}

/** Names proxy-addr (Fastify's trustProxy) understands for common private ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: which X-Forwarded-For entries to believe. A hop count (`1`: the one proxy in front
 * of us appended the client's address; anything left of it is what the client claims) or the
 * proxies' addresses/CIDRs, comma-separated. `true` means 1 hop: the older setting, kept working
 * without trusting what a client writes. Trusting every hop (`*`) is refused: then a client picks
 * its own IP with each request, and every per-IP limit is void.
 */
export function parseTrustProxy(value: string): false | number | string[] {
  const text = value.trim().toLowerCase();
  if (['false', 'no', 'off', '0', ''].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`${value} hops is not a plausible proxy chain (at most 10)`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (entry === '*' || entry === '0.0.0.0/0' || entry === '::/0') {
      throw new Error(
        `"${entry}" would trust any X-Forwarded-For a client sends: give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs`,
      );
    }
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const prefixOk =
      prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!family || !prefixOk || extra !== undefined) {
      throw new Error(
        `"${entry}" is not a hop count, an IP address or a CIDR (e.g. 1, or 10.0.0.0/8,192.168.1.10)`,
      );
    }
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for a parsed TRUST_PROXY. A hop count becomes a function, as Fastify takes
 * a bare number to mean "trust no one": the address `hops` steps back from our peer is the client,
 * whatever was written further left. That holds only when the server cannot be reached except
 * through those proxies; otherwise list the proxies' addresses.
 */
export function fastifyTrustProxy(
  trust: false | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** A worker's /metrics answers the same bearer token as the web process's: no token, no port. */
function workerMetricsPort(port: number | undefined, token: string | undefined) {
  if (port !== undefined && !token) {
    throw new Error('needs METRICS_TOKEN too: the worker answers /metrics only with it as a bearer token');
  }
  return port;
}

export function httpSettings(env: HttpEnv, problems: SettingProblem[]): HttpSettings {
  const trustProxy = checked(problems, 'TRUST_PROXY', () => parseTrustProxy(env.TRUST_PROXY), false);
  return {
    trustProxy,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_SECONDS * 1000,
    },
    metricsToken: env.METRICS_TOKEN,
    workerMetricsPort: checked(
      problems,
      'WORKER_METRICS_PORT',
      () => workerMetricsPort(env.WORKER_METRICS_PORT, env.METRICS_TOKEN),
      undefined,
    ),
  };
}
