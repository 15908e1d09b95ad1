import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  /** A sender name other than MAIL_FROM's (a business's), always at MAIL_FROM's address. */
  fromName?: string;
  /** Where "Reply" goes, when not to our sender address. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers (List-Unsubscribe). A `prepared` value is written as it is, on one line: one that
   * must stay machine-readable (JSON) and is too long for a folded line, which nodemailer would
   * otherwise turn into MIME encoded-words.
   */
  headers?: Record<string, string | { prepared: true; value: string }>;
}

/** The address of a "Name <address>" (or a bare address). */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * SMTP_URL with a pool of kept-open connections and a rate for the provider's limits, unless the URL
 * says otherwise (nodemailer reads these from its query).
 */
export function pooledSmtpUrl(smtpUrl: string, rate: { perSecond: number; connections: number }): string {
  const url = new URL(smtpUrl);
  const defaults = {
    pool: 'true',
    maxConnections: String(rate.connections),
    rateDelta: '1000',
    rateLimit: String(rate.perSecond),
  };
  for (const [key, value] of Object.entries(defaults))
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  return url.toString();
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

interface Log {
  info(obj: object, msg: string): void;
}

/**
 * nodemailer over SMTP_URL; without it, each message becomes an .eml file under DATA_DIR/mail and
 * the file's path is logged (never its links: they carry live verification and reset tokens).
 * Either way signed with DKIM when DKIM_DOMAIN is set.
 */
export function createMailer(config: Config, log: Log): Mailer {
  const fromOf = ({ fromName, ...mail }: OutgoingMail) => ({
    ...mail,
    from: fromName ? { name: fromName, address: addressOf(config.mailFrom) } : config.mailFrom,
  });
  // Every email the app sends leaves through one of these two transports, both signing with DKIM
  // when it is configured (the .eml files too, so a signature can be checked without a server).
  const dkim = config.dkim ? { dkim: config.dkim } : {};
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: pooledSmtpUrl(config.smtpUrl, config.email),
      ...dkim,
    });
    return {
      async send(mail) {
        await transport.sendMail(fromOf(mail));
      },
      close: () => transport.close(),
    };
  }
  const dir = path.join(config.dataDir, 'mail');
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
    ...dkim,
  });
  return {
    async send(mail) {
      const info = await transport.sendMail(fromOf(mail));
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '')}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      log.info({ to: mail.to, file }, `mail written: ${mail.subject}`);
    },
    close: () => transport.close(),
  };
}
