import { availableParallelism } from 'node:os';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { EncryptionPool } from './encryption-pool';
import { PushSender } from './push-sender';
import { ReceiptTokens } from './receipts';
import { loadVapidKeys, VapidSigner, vapidSubject } from './vapid';

/** What sending web push needs in a process: the VAPID public key, a sender, receipt tokens. */
export interface PushRuntime {
  publicKey: string;
  sender: PushSender;
  encryption: EncryptionPool;
  receipts: ReceiptTokens;
  close(): Promise<void>;
}

export async function createPushRuntime(db: Db, config: Config): Promise<PushRuntime> {
  const keys = await loadVapidKeys(db, config);
  const sender = new PushSender(new VapidSigner(keys, vapidSubject(config)), { caFile: config.push.caFile });
  const encryption = new EncryptionPool(config.push.cryptoThreads ?? availableParallelism());
  return {
    publicKey: keys.publicKey,
    sender,
    encryption,
    receipts: new ReceiptTokens(config.jwtSecret),
    async close() {
      await encryption.close();
      await sender.close();
    },
  };
}
