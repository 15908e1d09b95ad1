import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { accountRoutes } from './modules/account/account.routes';
import { birthdayRoutes } from './modules/account/birthday.routes';
import { guestRoutes } from './modules/account/guest.routes';
import { timeZoneRoutes } from './modules/account/time-zone.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes';
import { automationsRoutes } from './modules/automations/automations.routes';
import { commentRoutes } from './modules/comments/comments.routes';
import { complaintRoutes } from './modules/complaints/complaints.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { conversationRoutes } from './modules/conversations/conversations.routes';
import { draftRoutes } from './modules/drafts/drafts.routes';
import { establishmentRoutes } from './modules/establishments/establishments.routes';
import { exportRoutes } from './modules/exports/exports.routes';
import { auditLogRoutes } from './modules/management/audit-log.routes';
import { emailHealthRoutes } from './modules/management/email-health.routes';
import { userActionRoutes } from './modules/management/user-actions.routes';
import { userManagementRoutes } from './modules/management/users.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { quietHoursRoutes } from './modules/notifications/quiet-hours.routes';
import { notifyRoutes } from './modules/notify/notify.routes';
import { operatorNoticeRoutes } from './modules/operator-notices/operator-notices.routes';
import { preferenceRoutes } from './modules/preferences/preferences.routes';
import { reactionRoutes } from './modules/reactions/reactions.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { signInProviderRoutes } from './modules/sign-in-provider/sign-in-provider.routes';
import { signInProviderAdminRoutes } from './modules/sign-in-provider/sign-in-provider-admin.routes';
import { voiceRoutes } from './modules/voice/voice.routes';
import { webhookRoutes } from './modules/webhooks/webhooks.routes';
import { healthRoutes } from './plugins/health.plugin';

type Routes = (scope: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Every module's API routes, in the order they are registered (and listed in the OpenAPI document). */
const ROUTES: Routes[] = [
  accountRoutes,
  signInProviderRoutes,
  guestRoutes,
  establishmentRoutes,
  userManagementRoutes,
  userActionRoutes,
  signInProviderAdminRoutes,
  auditLogRoutes,
  emailHealthRoutes,
  notificationRoutes,
  preferenceRoutes,
  quietHoursRoutes,
  birthdayRoutes,
  timeZoneRoutes,
  operatorNoticeRoutes,
  notifyRoutes,
  complaintRoutes,
  reactionRoutes,
  commentRoutes,
  conversationRoutes,
  voiceRoutes,
  exportRoutes,
  contactRoutes,
  analyticsRoutes,
  reportRoutes,
  apiKeyRoutes,
  webhookRoutes,
  draftRoutes,
  automationsRoutes,
  healthRoutes,
];

/** Register the API routes, each module in its own encapsulated scope. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const routes of ROUTES) await app.register(async (scope) => routes(scope, ctx));
}
