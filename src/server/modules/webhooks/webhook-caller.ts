import { isIP } from 'node:net';
import { type Agent, request } from 'undici';
import { outboundAgent } from '../../lib/outbound-agent';
import { isInternalAddress } from '../../lib/public-addresses';

/** The start of a receiver's answer kept in the call history; the rest is never read. */
export const EXCERPT_BYTES = 1024;

/** What one call came to. */
export interface CallOutcome {
  status: number | null;
  ok: boolean;
  error: string | null;
  excerpt: string;
  durationMs: number;
}

/** Why this webhook address may not be called, or undefined. Names are checked when resolved, at call time. */
export function addressProblem(url: string, allowedPrivateHosts: readonly string[]): string | undefined {
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (allowedPrivateHosts.includes(host)) return undefined;
  if (isIP(host) !== 0) return isInternalAddress(host) ? 'not a public address' : undefined;
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.'))
    return 'not a public address';
  return undefined;
}

/**
 * POSTs signed events to webhook receivers: https only, public addresses only (checked on the
 * resolved address, so a name pointing inside later is refused too), no redirect followed, a time
 * limit on the whole call, and only the first kilobyte of the answer read.
 */
export class WebhookCaller {
  private readonly publicAgent: Agent;
  private readonly privateAgent: Agent;

  constructor(
    private readonly options: { timeoutMs: number; caFile?: string; allowedPrivateHosts: readonly string[] },
  ) {
    const agent = { connectTimeoutMs: options.timeoutMs, caFile: options.caFile, keepAliveTimeout: 30_000 };
    this.publicAgent = outboundAgent(agent);
    // Hosts listed in WEBHOOK_ALLOWED_PRIVATE_HOSTS resolve as usual.
    this.privateAgent = outboundAgent({ ...agent, publicOnly: false });
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<CallOutcome> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const problem = addressProblem(url, this.options.allowedPrivateHosts);
    if (problem) return { status: null, ok: false, error: problem, excerpt: '', durationMs: took() };
    const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
    const dispatcher = this.options.allowedPrivateHosts.includes(host) ? this.privateAgent : this.publicAgent;
    try {
      const answer = await request(url, {
        method: 'POST',
        dispatcher,
        headers: { 'content-type': 'application/json', 'user-agent': 'Broadcast-Webhooks/1', ...headers },
        body,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const excerpt = await readExcerpt(answer.body);
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      // A redirect is an answer, not a place to go: following it could lead into private space.
      const error = ok
        ? null
        : answer.statusCode >= 300 && answer.statusCode < 400
          ? 'redirect not followed'
          : null;
      return { status: answer.statusCode, ok, error, excerpt, durationMs: took() };
    } catch (error) {
      return { status: null, ok: false, error: describe(error), excerpt: '', durationMs: took() };
    }
  }

  async close() {
    await Promise.all([this.publicAgent.close(), this.privateAgent.close()]);
  }
}

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= EXCERPT_BYTES) break;
    }
  } catch {
    // A body cut short still leaves what came.
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks)
    .subarray(0, EXCERPT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}

/** A short reason for a call that got no answer (never a stack). */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  if (
    (error as Error).name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  )
    return 'timed out';
  if (code === 'EPUSHINTERNAL') return 'not a public address';
  if (code) return code;
  return ((error as Error).message ?? 'failed').slice(0, 200);
}
