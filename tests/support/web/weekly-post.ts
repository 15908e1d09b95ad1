import type { Post } from '../../../src/shared/schemas/notification.schema';
import type { Recurrence } from '../../../src/shared/schemas/weekly-send.schema';

/**
 * A weekly send's waiting occurrence as the scheduled list gets it: "Quiz night" of Quiz Bar (e1),
 * written by u3, due at `due` (ISO), every `weekday` at 17:00 on `timeZone`'s clock, no end;
 * `recurrence` overrides the rule (paused, ended, ...).
 */
export function weeklyPostAt(
  due: string,
  timeZone: string,
  weekday: number,
  recurrence: Partial<Recurrence> = {},
): Post {
  return {
    id: 'p1',
    establishment: { id: 'e1', publicId: 'bar', name: 'Quiz Bar', logo: null },
    text: 'Quiz night',
    media: null,
    inFeed: true,
    ownerId: 'u3',
    authorName: 'Karol Klient',
    createdAt: due,
    editedAt: null,
    delivery: null,
    targets: [],
    scheduledFor: due,
    localTime: recurrence.localTime ?? false,
    validUntil: null,
    title: null,
    link: null,
    actions: [],
    translations: {},
    richTranslations: {},
    recurrence: {
      id: 'r1',
      weekday,
      weekdays: [weekday],
      time: '17:00',
      until: null,
      timeZone,
      ended: false,
      paused: false,
      localTime: false,
      ...recurrence,
    },
    reactions: { counts: [], mine: null },
    comments: { count: 0, enabled: true },
  };
}
