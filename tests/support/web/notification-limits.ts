import type { NotificationLimits } from '../../../src/shared/schemas/notification-limits.schema';

/** An establishment's notification limits in web fixtures: none chosen, the product's defaults and ceilings. */
export const PLATFORM_LIMITS: NotificationLimits = {
  guard: true,
  perDay: null,
  perWeek: null,
  defaultPerDay: 1,
  defaultPerWeek: 3,
  maxPerDay: 3,
  maxPerWeek: 10,
};
