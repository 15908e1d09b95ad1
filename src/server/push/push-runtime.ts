import { availableParallelism } from 'node:os';
import type { Config } from '../config';
import type { Db, SqlExecutor } from '../db/client';
import { CredentialRefusals } from './credential-refusals';
import { EncryptionPool } from './encryption-pool';
import { OriginRateLimiter } from './origin-rate';
import { PushSender } from './push-sender';
import { ReceiptTokens } from './receipts';
import { loadVapidKeys, VapidSigner } from './vapid';
import { vapidSubject } from './vapid-subject';

/** What sending web push needs in a process: the VAPID public key, a sender, receipt tokens. */
export interface PushRuntime {
  publicKey: string;
  sender: PushSender;
  encryption: EncryptionPool;
  receipts: ReceiptTokens;
  /** Per push service origin: does it refuse our credentials (this process's evidence)? */
  refusals: CredentialRefusals;
  close(): Promise<void>;
}

export async function createPushRuntime(
  { db, sql }: { db: Db; sql: SqlExecutor },
  config: Config,
): Promise<PushRuntime> {
  const keys = await loadVapidKeys(db, config);
  const sender = new PushSender(new VapidSigner(keys, vapidSubject(config)), config.push.allowedHosts, {
    caFile: config.push.caFile,
  });
  const rates = new OriginRateLimiter(sql, config.push.ratePerMinuteOf);
  sender.rateLimit = (origin) => rates.take(origin);
  // One core is left to the event loop, which sends what the threads encrypt: on 2 cores, one
  // thread delivered as fast as two with less CPU per delivery (bench:fanout).
  const encryption = new EncryptionPool(
    config.push.cryptoThreads ?? Math.max(1, availableParallelism() - 1),
    config.jwtSecret,
  );
  return {
    publicKey: keys.publicKey,
    sender,
    encryption,
    receipts: new ReceiptTokens(config.jwtSecret),
    refusals: new CredentialRefusals(),
    async close() {
      await encryption.close();
      await sender.close();
    },
  };
}
