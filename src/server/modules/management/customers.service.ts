import type { z } from 'zod';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { CreateCustomerBodySchema, ManagedUser } from '../../../shared/schemas/user-management.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { followEvent } from '../../events/event-builders';
import { userCreatedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account';
import { UNUSABLE_PASSWORD } from '../account/account.service';
import { registeredAccountLanguage } from '../account/welcome-language';
import { establishmentBlocked, loadEstablishment, resourceOf } from '../establishments/establishment-access';
import { storePicks } from '../preferences/preferences.service';
import { toManagedUser, userLabel } from './managed-user.dto';

type CreateCustomerInput = z.output<typeof CreateCustomerBodySchema>;

const emailTaken = () =>
  new AppError(409, ErrorCode.EMAIL_EXISTS, Msg.emailExists, { email: Msg.emailExists });

/**
 * An admin, or a client for an establishment they operate, creates a customer who follows it, with
 * their discounted-prices flag and preferences. The registration email goes out as on
 * self-registration: the welcome job emails the verification link and a generated password.
 */
export async function createCustomer(
  ctx: AppContext,
  actor: AuthedActor,
  body: CreateCustomerInput,
): Promise<ManagedUser> {
  const establishment = await loadEstablishment(ctx, body.establishmentId);
  authorize(actor, 'customer:create', resourceOf(establishment));
  // As when following from the page: nobody is added to a blocked or inactive establishment.
  if (establishment.blockedAt) throw establishmentBlocked();
  if (!establishment.active)
    throw new AppError(409, ErrorCode.ESTABLISHMENT_INACTIVE, Msg.establishmentInactive);
  const preferenceIds = [...new Set(body.preferenceIds)];
  if (await accounts.findUserByEmail(ctx.db, body.email)) throw emailTaken();
  const language = await registeredAccountLanguage(ctx.db, actor, body.language);
  let created: UserRow;
  try {
    created = await withOutbox(ctx, async ({ db, emit }) => {
      const user = await accounts.insertUser(db, {
        email: body.email,
        passwordHash: UNUSABLE_PASSWORD,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        role: 'customer',
        language,
        discountedPrices: body.discountedPrices,
        welcomeDueAt: new Date(),
      });
      await accounts.insertMembership(db, {
        userId: user.id,
        establishmentId: establishment.id,
        kind: 'customer',
      });
      await emit(followEvent(user.id, establishment.id, actor.id));
      // With the account or not at all: an unknown preference (400 on preferenceIds) creates nobody.
      if (preferenceIds.length > 0) await storePicks(db, user.id, preferenceIds);
      await emit(userCreatedEvent(user.id, actor.id, { establishmentId: establishment.id }));
      await recordAudit(db, {
        actorId: actor.id,
        action: 'customer.create',
        targetUserId: user.id,
        targetEstablishmentId: establishment.id,
        targetLabel: userLabel(user),
        detail: { establishment: establishment.name, discountedPrices: body.discountedPrices, preferenceIds },
      });
      return user;
    });
  } catch (error) {
    if (accounts.isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return toManagedUser(created);
}
