import { Msg } from '../../../shared/messages';
import type { Birthday, BirthdayBody } from '../../../shared/schemas/birthday.schema';
import type { AppContext, AuthedActor } from '../../context';
import { authorize } from '../../lib/authorize';
import * as repo from './birthday.repo';

const toDto = (row: Awaited<ReturnType<typeof repo.birthdayOf>>): Birthday => ({
  birthday: row ? { month: row.month, day: row.day, consentAt: row.consentAt.toISOString() } : null,
});

/** The caller's own birthday (whoever may receive notifications). */
export async function getBirthday(ctx: AppContext, actor: AuthedActor): Promise<Birthday> {
  authorize(actor, 'push:subscribe');
  return toDto(await repo.birthdayOf(ctx.db, actor.id));
}

export async function setBirthday(ctx: AppContext, actor: AuthedActor, body: BirthdayBody) {
  authorize(actor, 'push:subscribe');
  await repo.saveBirthday(ctx.db, actor.id, { month: body.month, day: body.day });
  return { ...toDto(await repo.birthdayOf(ctx.db, actor.id)), message: Msg.birthdaySaved };
}

export async function deleteBirthday(ctx: AppContext, actor: AuthedActor) {
  authorize(actor, 'push:subscribe');
  await repo.saveBirthday(ctx.db, actor.id, null);
  return { birthday: null, message: Msg.birthdayDeleted };
}
