import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent } from 'undici';
import { publicOnlyLookup } from './public-addresses';

export interface OutboundAgentOptions extends Omit<Agent.Options, 'connect'> {
  /** How long a connection may take to open (ms). */
  connectTimeoutMs: number;
  /** A PEM file of a CA trusted besides the system's (a test's push service or receiver). */
  caFile?: string;
  /**
   * Resolve names with publicOnlyLookup, so a name pointing inside is refused at connect time
   * (the default); false for hosts an operator listed as allowed to be private.
   */
  publicOnly?: boolean;
}

/**
 * An undici Agent for calls to addresses others gave us (push endpoints, webhook receivers):
 * public addresses only, checked on the resolved address (public-addresses.ts), trusting the
 * system's CAs and, when given, one more. The rest (keep-alive, HTTP/2, connections) is the caller's.
 */
export function outboundAgent({
  connectTimeoutMs,
  caFile,
  publicOnly = true,
  ...options
}: OutboundAgentOptions): Agent {
  const ca = caFile ? [...rootCertificates, readFileSync(caFile, 'utf8')] : undefined;
  return new Agent({
    ...options,
    connect: {
      timeout: connectTimeoutMs,
      ...(publicOnly ? { lookup: publicOnlyLookup } : {}),
      ...(ca ? { ca } : {}),
    },
  });
}
