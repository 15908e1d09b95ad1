/**
 * The spec's messages, verbatim (product-spec sections 5 and 8). Written once here; the server
 * answers with them and the web app's translations are keyed by the same constants.
 */
export const Msg = {
  loginFailed: 'Email/password combination not found. Please try again.',
  emailExists: 'Email already exists.',
  tokenInvalid: 'The token does not exist or is already used!',
  logoutFailed: 'Unable to logout',
  invalidEmail: 'Must be a valid email',
  passwordTooShort: 'Must be at least 7 characters',
  mustBeChecked: 'This field must be checked',
  passwordsMustMatch: 'Passwords must match',
  endAfterStart: 'End date must be later than start date',
  verified: 'You are now verified.',
  accountDeleted: 'Account deleted! Sorry to see you go.',
  clientAndEstablishmentCreated: 'Client and Establishment created!',
  establishmentCreated: 'Establishment created!',
  establishmentUpdated: 'Establishment updated',
  changesSaved: 'Changes saved!',
  notificationSent: 'Notification and post has been sent!',
  userCreated: 'User created!',
  userUpdated: 'User updated!',
  customerUpdated: 'Customer updated',
  preferenceCreated: 'Preference created!',
  preferenceUpdated: 'Preference updated',
  preferenceGroupUpdated: 'Preference Group updated',
  passwordUpdated: 'Password updated',
  profileUpdated: 'Profile updated',
  linkCopied: 'Link copied!',
  registered: 'Successfully Registered!',
  // Messages of ours where the spec is silent.
  invalidPhone: 'Must be a valid phone number',
  invalidUrl: 'Must be a valid URL',
  invalidDate: 'Must be a date (YYYY-MM-DD)',
  invalidCursor: 'This list has changed: load it again from the start.',
  impersonatedNoPush: 'While you act as someone else, this browser does not receive their notifications.',
  chooseTimeZone: 'Choose a time zone',
  chooseLanguage: 'Choose one of the offered languages',
  resetLinkSent: 'If an account exists for this email, a link to set a new password is on its way.',
  verificationSent: 'A new verification email is on its way.',
  alreadyVerified: 'Your email is already verified.',
  loggedOut: 'You are signed out.',
  loggedOutEverywhere: 'You are signed out on every device.',
  currentPasswordWrong: 'The current password is not correct.',
  currentPasswordForEmail: 'Enter your current password to change your email.',
  tooManyEmails:
    'We have already sent several emails to this address in the last hour. Check your inbox and spam folder, or try again later.',
  unauthorized: 'Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  emailNotVerified: 'Confirm your email address first: open the link in the email we sent you.',
  notFound: 'Not found.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  imageInvalid: 'This file is not an image we can read (JPEG, PNG, WebP, GIF or AVIF).',
  imageTooLarge: 'The image is too large. The limit is 10 MB.',
  imageTooManyPixels:
    'The picture has too many pixels. The limit is 40 megapixels (for example 8000 × 5000): make it smaller and try again.',
  fileMissing: 'Choose a file to upload.',
  internal: 'Something went wrong on our side. Please try again.',
  establishmentNotFound: 'This business page does not exist.',
  establishmentBlocked: 'This business is not available at the moment.',
  establishmentInactive: 'This business is not taking new followers at the moment.',
  establishmentBlockedForOperators: 'This establishment is blocked. Contact support to unblock it.',
  noUserWithEmail: 'No account uses this email.',
  galleryFull: 'The gallery is full (30 pictures). Delete a picture first.',
  followed: 'You now follow this business.',
  unfollowed: 'You no longer follow this business.',
  establishmentBlockedNow: 'Establishment blocked',
  establishmentUnblocked: 'Establishment unblocked',
  establishmentDeleted: 'Establishment deleted',
  notificationOnlySent: 'Notification has been sent!',
  postUpdated: 'Post updated',
  postDeleted: 'Post deleted',
  pushTooLarge: 'The notification is too long for a push message. Shorten the text.',
  establishmentCannotSendBlocked: 'This establishment is blocked and cannot send notifications.',
  establishmentCannotSendInactive: 'This establishment is inactive and cannot send notifications.',
  mediaNotFound: 'The picture is no longer available. Upload it again.',
  receiptInvalid: 'This receipt is not valid.',
  subscriptionTaken: 'This push subscription belongs to another account.',
  idempotencyKeyExpired:
    'This Idempotency-Key was used more than 24 hours ago: compose the notification again.',
  // Preferences and targeted sends (issue 12).
  preferenceGroupCreated: 'Preference Group created!',
  preferenceDeleted: 'Preference deleted',
  preferenceGroupDeleted: 'Preference Group deleted',
  preferenceGroupNotEmpty: 'This group still holds preferences: move or delete them first.',
  preferenceGroupNotFound: 'This preference group does not exist.',
  preferenceNotFound: 'A chosen preference does not exist any more. Reload the list and choose again.',
  preferencesSaved: 'Preferences saved',
  // The admin's tools on a user (issue 12).
  userDeleted: 'User deleted.',
  newPasswordSent: 'A new password is on its way to the user.',
  cannotChangeOwnRole: 'You cannot change your own role: ask another admin.',
  cannotDeleteSelf: 'You cannot delete your own account here: ask another admin.',
  cannotResetOwnPassword: 'Change your own password in your account, under Security.',
  cannotImpersonateSelf: 'You are already signed in as yourself.',
  cannotImpersonateAdmin: 'You cannot sign in as another admin.',
  alreadyImpersonating: 'Return to your own session before signing in as someone else.',
  notImpersonating: 'This session is not signed in as someone else.',
  customerCannotOperate:
    'A customer cannot operate an establishment: make the link a follower one, or choose the client role.',
  duplicateEstablishment: 'Each establishment may be listed once.',
  // /home's contact form (issue 12).
  contactRequestSent: 'Thank you! A representative will get in touch with you soon.',
  // Reports (issue 13).
  rangeNeedsBothDates: 'Give both a start and an end date',
  rangeTooLong: 'A range covers at most 10 years',
  pathInvalid: 'The path must start with / and carry no query or fragment',
} as const;

/** "<field> is required", the spec's required-field message pattern. */
export const required = (label: string) => `${label} is required`;

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "<Field> must be at most <max> characters". */
export const tooLong = (label: string, max: number) =>
  `${capitalize(label)} must be at most ${max} characters`;

/** Field labels used in required messages, as the spec names them. */
export const FieldLabel = {
  address: 'address',
  city: 'city',
  country: 'country',
  state: 'state',
  zip: 'ZIP',
  taxId: 'tax ID',
  vatNumber: 'VAT Reg. No.',
  businessId: 'business ID',
  email: 'email',
  firstName: 'first name',
  lastName: 'last name',
  name: 'name',
  phone: 'phone',
  password: 'password',
  group: 'group',
  groupName: 'group name',
  preferenceName: 'preference name',
  bio: 'bio',
  subheader: 'subheader',
  address2: 'address 2',
  caption: 'caption',
  text: 'text',
} as const;
