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
  notAuthorizedTitle: 'Not authorized',
  notFoundTitle: 'Page not found',
  signIn: 'Sign in',
  signOut: 'Sign out',
  /** A track's Support Downloads tab, to those SUPPORT_DOWNLOADS_RULE leaves out (suppliers, labels). */
  supportDownloadsStaffOnly: 'Support downloads are for store staff.',
} as const;
