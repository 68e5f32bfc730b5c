/** Every user-visible text of the specification (§2, §5, §8), spelled exactly as it is there. */
export const messages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordInvalid: 'Please enter a valid password',
  passwordMismatch: 'Password does not match',
  emailMismatch: 'Email does not match',
  deviceIdInvalid: 'Please enter a valid Device ID (32 characters long).',
  activationKeyRequired: 'Activation key is required',
  activationKeyInvalid: 'A valid activation key must be entered',
  firstNameRequired: 'Frist name is required.',
  lastNameRequired: 'Last name is required.',
  nameTooShort: 'Name too short',
  ownerEmailRequired: 'Owner email is required',
  urlMissing: 'Please enter a URL!',
  nameRequired: 'Name is required',
  urlRequired: 'Url is required',
  priorityRequired: 'Priority is required',
  required: 'Required',

  loginFailedSuffix: '. You may need to register first with the email address you have used for the payment.',
  registerFailedSuffix: ' Please login.',
  passwordChangeFailed: 'Error while changing password.',
  pageLoadFailed: 'Unable to load page :( Please try again later.',
  somethingWentWrong: 'Something went wrong. Please try again later.',
  menuFetchFailed: 'Failed to fetch menu items',
  loyaltyBanner: 'Get 15% loyalty discount on all products now',
  noLicences: 'No licences found',
  cartEmpty: 'Your cart is empty',
  thanksForPurchase: 'Thanks for your purchase. ',
  supportSent: 'Support request sent.',
} as const;

/** "Send serial failed: ({server text})": password request and key resend failures. */
export const sendSerialFailed = (serverText: string): string => `Send serial failed: (${serverText})`;
/** Success message of the password request. */
export const passwordSentTo = (email: string): string => `An email with your new password has been sent to ${email}`;
/** Success message of an activation. */
export const activationThanks = (email: string): string => `Thanks for activation. We have sent the serial key to ${email}`;
/** Success message of the key resend. */
export const emailSentTo = (email: string): string => `Email sent to ${email}`;
/** Activation failure, shown on the first name field. */
export const activationFailed = (serverMessage: string): string => `Error: ${serverMessage}`;
/** Support request failure. */
export const supportFailed = (message: string): string => `Error: Please try again later! ${message}`;
/** Licence transfer failure. */
export const transferFailed = (message: string): string => `License transfer failed. (${message})`;
/** Admin refresh-keys and delete-login failures (alert). */
export const adminActionFailed = (message: string): string => `Error: (${message})`;
