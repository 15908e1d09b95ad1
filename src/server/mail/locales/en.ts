/**
 * English email texts. Every language file has exactly these keys (checked by templates.test.ts).
 * {{name}} placeholders are filled in and HTML-escaped by templates.ts.
 */
export const en = {
  greeting: 'Hello {{firstName}},',
  signature: 'The {{product}} team',
  footer:
    'You received this email because an account was created or used with this address. Questions? Write to {{supportEmail}}.',
  linkFallback: 'If the button does not work, copy this link into your browser:',

  registrationSubject: 'Welcome to {{product}}: confirm your email',
  registrationIntro:
    'Your account is ready. Confirm your email address to get news by email from the businesses you follow; notifications on your devices need no confirmation.',
  registrationIntroWithEstablishment:
    'You now follow {{establishment}}. Confirm your email address to get their news by email too; notifications on your devices need no confirmation.',
  registrationIntroForClient:
    'Your business {{establishment}} is now on {{product}}. Confirm your email address, sign in and send your first news to your followers.',
  registrationIntroForClientAccount:
    'Your {{product}} account for running a business is ready. Confirm your email address and sign in; once your business is linked to your account, you can send news to its followers.',
  registrationIntroForRepresentant:
    'You are now a representative of {{product}}. Confirm your email address and sign in: from your representative panel you can register businesses together with their operators, and see how their establishments are doing.',
  registrationIntroForAdmin:
    'You are now an administrator of {{product}}. Confirm your email address and sign in to manage users, businesses and their followers.',
  registrationButton: 'Confirm my email',
  registrationPassword: 'Your password for signing in: {{password}}',
  registrationPasswordHint: 'You can change it at any time under Account > Security.',
  registrationApp: 'Get the app on your Android phone: {{androidAppUrl}}',

  verifySubject: 'Confirm your email address',
  verifyIntro:
    'Please confirm your email address by opening the link below. The link is valid for {{hours}} hours.',
  verifyButton: 'Confirm my email',

  resetSubject: 'Set a new password',
  resetIntro:
    'Someone asked to set a new password for your account. If it was you, open the link below within {{validFor}}. If not, ignore this email: your password stays as it is.',
  resetButton: 'Set a new password',

  adminResetSubject: 'Your new {{product}} password',
  adminResetIntro:
    'An administrator of {{product}} set a new password for your account. You are signed out on every device: sign in again with the password below.',
  adminResetButton: 'Sign in',
  webhookDisabledSubject: 'Your webhook was turned off',
  webhookDisabledText:
    'Calls to your webhook for {{establishment}} ({{url}}) have failed for a day, so we turned it off. Events that could not be delivered are listed in its call history. Fix the receiver, then turn the webhook on again and resend what it missed.',
  webhookDisabledButton: 'Open the webhook settings',

  invitationGreeting: 'Hello,',
  invitationSubject: '{{inviter}} invites you to run {{establishment}} on {{product}}',
  invitationIntro:
    '{{inviter}} invites you to operate {{establishment}} on {{product}} together: send news to its followers, answer comments as the business and see how it is doing.',
  invitationHowTo:
    'Open the link below within {{validFor}}. If you have an account with this address, sign in; if not, you create one in a minute. The link works once.',
  invitationButton: 'Accept the invitation',

  contactSubject: 'Contact request from {{business}}',
  contactIntro:
    '{{name}} from {{business}} would like to use {{product}}. Reply to this email to answer them.',
  contactName: 'Name',
  contactBusiness: 'Business',
  contactEmail: 'Email',
  contactPhone: 'Phone',
  contactNoPhone: 'not given',
  contactLanguage: 'Language',
  contactMessage: 'Message',
  contactFooter:
    'Sent from the contact form on the {{product}} home page. The request is also listed in the representative panel.',

  emailChangedSubject: 'Your email address was changed',
  emailChangedIntro:
    'The email address of your {{product}} account was changed from this address to a new one. From now on we write to the new address, and this address no longer signs in.',
  emailChangedWarning:
    'If you did not do this, someone may know your password: write to {{supportEmail}} at once so we can secure your account.',

  notificationOpen: 'Open',
  notificationWhy:
    'You get this email because you follow {{establishment}} and chose to hear from them by email.',
  notificationUnsubscribe: 'Stop emails from {{establishment}}',
  notificationManage: 'Choose how each business reaches you',
  notificationPdf: 'Open the PDF ({{size}})',
  notificationVideo: 'Watch the video ({{size}})',
};

export type MailStrings = typeof en;

/** A phrase's forms by the plural categories of the language (Intl.PluralRules): `other` always. */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * Phrases that change with a number, by the plural forms of en (one, other); each language has the
 * forms of its own rules (checked by templates.test.ts) and templates.ts picks one through i18next.
 */
export const enPlurals = {
  resetValidFor: { one: '{{count}} hour', other: '{{count}} hours' },
  invitationValidFor: { one: '{{count}} day', other: '{{count}} days' },
};

export type MailPlurals = Record<keyof typeof enPlurals, PluralForms>;
