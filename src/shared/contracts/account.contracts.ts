import { z } from 'zod';
import { MessageSchema } from '../errors';
import {
  AppHandoffBodySchema,
  AppHandoffQuerySchema,
  AppHandoffSchema,
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  DeleteAccountBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  ProfileBodySchema,
  ProfileResponseSchema,
  PublicConfigSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResetPasswordBodySchema,
  UserResponseSchema,
  VerifyBodySchema,
  VerifyResponseSchema,
} from '../schemas/account.schema';
import { GuestFollowBodySchema, GuestFollowResponseSchema } from '../schemas/guest.schema';
import { defineContract, errorResponses } from './contract';
import { API_PATHS } from './paths';

const tags = ['account'] as const;

export const login = defineContract({
  operationId: 'login',
  summary: 'Sign in with email and password',
  tags,
  method: 'POST',
  path: '/api/account/login',
  access: 'public',
  body: LoginBodySchema,
  responses: { 200: LoginResponseSchema, ...errorResponses(400, 401, 429) },
});

export const getCurrentUser = defineContract({
  operationId: 'getCurrentUser',
  summary: 'The signed-in user',
  tags,
  method: 'GET',
  path: '/api/account/me',
  access: 'signedIn',
  responses: { 200: UserResponseSchema, ...errorResponses(401) },
});

export const registerAccount = defineContract({
  operationId: 'registerAccount',
  summary:
    'Register a customer (optionally following an establishment) and sign them in; the password is emailed',
  tags,
  method: 'POST',
  path: API_PATHS.register,
  access: 'public',
  body: RegisterBodySchema,
  responses: { 201: RegisterResponseSchema, ...errorResponses(400, 404, 409, 429) },
});

export const followAsGuest = defineContract({
  operationId: 'followAsGuest',
  summary:
    'Follow a business from this device with one tap and no account: its push subscription makes a guest follower, signed in on this device',
  tags,
  method: 'POST',
  path: API_PATHS.guestFollow,
  access: 'public',
  body: GuestFollowBodySchema,
  responses: { 201: GuestFollowResponseSchema, ...errorResponses(400, 409, 429) },
});

export const verifyEmail = defineContract({
  operationId: 'verifyEmail',
  summary: 'Verify an email address with its token; on a device with no session, sign in there',
  description:
    'Sent with the session that registered, it makes that session a full one. Sent with no session, within 60 minutes of the email, it opens one for the verified person. Either way every other session opened by registering ends. Opened again once it worked, while the account keeps that address confirmed, it answers alreadyVerified: true and opens no session.',
  tags,
  method: 'POST',
  path: '/api/account/verify',
  access: 'optionalSignIn',
  body: VerifyBodySchema,
  responses: { 200: VerifyResponseSchema, ...errorResponses(400, 401, 429) },
});

export const startAppHandoff = defineContract({
  operationId: 'startAppHandoff',
  summary: 'A one-time code that signs the installed Home Screen app in as this session',
  description:
    "On an iPhone the Home Screen app keeps its own storage. The page points the manifest's start_url at this code (see GET /api/app-manifest); the app opened from the Home Screen exchanges it once, within 60 minutes. Refused while an admin acts as the user.",
  tags,
  method: 'POST',
  path: '/api/account/app-handoff',
  access: 'signedIn',
  responses: { 201: AppHandoffSchema, ...errorResponses(401, 403, 429) },
});

export const takeAppHandoff = defineContract({
  operationId: 'takeAppHandoff',
  summary: 'Exchange a hand-off code for a session of its own (the installed app signing in)',
  description:
    'Single use; the code dies with the session that minted it. The new session is as provisional as that one, and a verification through that one confirms it too.',
  tags,
  method: 'POST',
  path: '/api/account/app-handoff/take',
  access: 'public',
  body: AppHandoffBodySchema,
  responses: { 200: LoginResponseSchema, ...errorResponses(400, 429) },
});

export const getAppManifest = defineContract({
  operationId: 'getAppManifest',
  summary: "The web app's manifest, its start_url carrying a hand-off code or a business's page",
  description:
    "What a signed-in iPhone page links as its manifest (handoff): Safari reads it when 'Add to Home Screen' is tapped, and the app opened from the Home Screen starts at /redirect?handoff=<code>, which signs it in (POST /api/account/app-handoff/take). A business's public page links it with business=<public id>: the app installed there by someone not signed in opens on that page, where following is one tap.",
  tags,
  method: 'GET',
  path: '/api/app-manifest',
  access: 'public',
  query: AppHandoffQuerySchema,
  responses: {
    // Not JSON: application/manifest+json.
    200: z.any().describe('The web app manifest (application/manifest+json)'),
    ...errorResponses(400, 429),
  },
});

export const resendVerification = defineContract({
  operationId: 'resendVerification',
  summary: 'Email a new verification link',
  tags,
  method: 'POST',
  path: '/api/account/verify/resend',
  access: 'signedIn',
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 429) },
});

export const updateProfile = defineContract({
  operationId: 'updateProfile',
  summary: "Update one's profile",
  tags,
  method: 'POST',
  path: '/api/account/profile',
  access: 'signedIn',
  body: ProfileBodySchema,
  responses: { 200: ProfileResponseSchema, ...errorResponses(400, 401, 409, 429) },
});

export const changePassword = defineContract({
  operationId: 'changePassword',
  summary: "Change one's password; other sessions end",
  tags,
  method: 'POST',
  path: '/api/account/password',
  access: 'signedIn',
  body: ChangePasswordBodySchema,
  responses: { 200: ChangePasswordResponseSchema, ...errorResponses(400, 401, 429) },
});

export const forgotPassword = defineContract({
  operationId: 'forgotPassword',
  summary: 'Email a link to set a new password (same answer whether the account exists or not)',
  tags,
  method: 'POST',
  path: '/api/account/forgot-password',
  access: 'public',
  body: ForgotPasswordBodySchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 429) },
});

export const resetPassword = defineContract({
  operationId: 'resetPassword',
  summary: 'Set a new password from an emailed token',
  tags,
  method: 'POST',
  path: '/api/account/reset-password',
  access: 'public',
  body: ResetPasswordBodySchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 429) },
});

export const logout = defineContract({
  operationId: 'logout',
  summary: 'Sign out this session (revokes its token)',
  tags,
  method: 'POST',
  path: '/api/account/logout',
  access: 'signedIn',
  responses: { 200: MessageSchema, ...errorResponses(401) },
});

export const logoutAll = defineContract({
  operationId: 'logoutAll',
  summary: 'Sign out on every device',
  tags,
  method: 'POST',
  path: '/api/account/logout-all',
  access: 'signedIn',
  responses: { 200: MessageSchema, ...errorResponses(401) },
});

export const uploadAvatar = defineContract({
  operationId: 'uploadAvatar',
  summary:
    'Upload a new picture (multipart field "file"; JPEG, PNG, WebP, GIF or AVIF up to 10 MB and 40 megapixels)',
  tags,
  method: 'POST',
  path: '/api/account/avatar',
  access: 'signedIn',
  consumes: ['multipart/form-data'],
  responses: { 200: ProfileResponseSchema, ...errorResponses(400, 401, 413, 415, 429) },
});

export const deleteAccount = defineContract({
  operationId: 'deleteAccount',
  summary: "Delete one's account at once, with all its data",
  description:
    'Asks for `currentPassword` (400 naming it when missing or wrong). An account without a password (a guest follower: none; an account whose emailed password has not come yet: a sign-in in the last 10 minutes) goes without. A session opened by registering, before the address is confirmed through it, is refused (403 EMAIL_NOT_VERIFIED), as is an admin signed in as the user.',
  tags,
  method: 'DELETE',
  path: '/api/account',
  access: 'account:delete',
  body: DeleteAccountBodySchema,
  responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 409, 429) },
});

export const getPublicConfig = defineContract({
  operationId: 'getPublicConfig',
  summary: 'Public configuration for the web app',
  tags: ['config'],
  method: 'GET',
  path: '/api/config',
  access: 'public',
  responses: { 200: PublicConfigSchema },
});
