/**
 * Console texts the spec does not quote (added by the shell; the spec's own texts
 * live in messages.ts). Kept here so screens and tests share one wording.
 */
export const UI_TEXT = {
  productName: 'Store Console',
  contactSupport: 'Contact product support',
  /** In-app help section with product-support contact details (no external host needed). */
  supportPath: '/help#product-support',
  unsavedTitle: 'Unsaved changes',
  unsavedMessage: 'You have unsaved changes. Leave this page and discard them?',
  /** Title suffix of an area whose screens are still to come ('Sales: Coming soon'). */
  notBuiltYet: 'Coming soon',
  notAuthorizedTitle: 'Not authorized',
  notFoundTitle: 'Page not found',
  signIn: 'Sign in',
  signOut: 'Sign out',
  /** A track's Support Downloads tab, to those SUPPORT_DOWNLOADS_RULE leaves out (suppliers, labels). */
  supportDownloadsStaffOnly: 'Support downloads are for store staff.',
} as const;

/**
 * What an area whose screens are still to come will hold, in the product's words (the
 * placeholder's subtitle). Keyed by resource name (renderer/app/resources.tsx), plus a default.
 */
export const PLACEHOLDER_TEXT = {
  default: 'This part of the console will be available soon.',
} as const;
