import type { EmailHealth } from '../../../shared/schemas/email-health.schema';
import type { AppContext, AuthedActor } from '../../context';
import { authorize } from '../../lib/authorize';
import { checkEmailHealth } from '../../mail/email-health';

/** The admin page "Email health": the records to publish for MAIL_FROM's domain, checked in DNS now. */
export async function emailHealth(ctx: AppContext, actor: AuthedActor): Promise<EmailHealth> {
  authorize(actor, 'user:admin');
  return checkEmailHealth(ctx.config);
}
