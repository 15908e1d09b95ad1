import type { Config } from '../config';
import type { Db } from '../db/client';
import { PushSender } from './push-sender';
import { ReceiptTokens } from './receipts';
import { loadVapidKeys, VapidSigner, vapidSubject } from './vapid';

/** What sending web push needs in a process: the VAPID public key, a sender, receipt tokens. */
export interface PushRuntime {
  publicKey: string;
  sender: PushSender;
  receipts: ReceiptTokens;
  close(): Promise<void>;
}

export async function createPushRuntime(db: Db, config: Config): Promise<PushRuntime> {
  const keys = await loadVapidKeys(db, config);
  const sender = new PushSender(new VapidSigner(keys, vapidSubject(config)), { caFile: config.push.caFile });
  return {
    publicKey: keys.publicKey,
    sender,
    receipts: new ReceiptTokens(config.jwtSecret),
    close: () => sender.close(),
  };
}
