/**
 * Sandbox accounts (sandbox only: these passwords are public). One per staff role and
 * one per user kind (supplier, label, artist, DJ). E2E tests of the console sign in with these.
 */
export interface SandboxAccount {
  readonly username: string;
  readonly password: string;
  readonly displayName: string;
  readonly app: 'app:control' | 'app:baseware';
  /** `staff:<role>` or `user:<kind>`. */
  readonly role: string;
  /** Brands the account holds; the first is the default active brand. */
  readonly brands: readonly ('brand:dance' | 'brand:dj')[];
  /** For supplier and label users: which seeded supplier/label they belong to (seed ids start at 1). */
  readonly supplierId?: number;
  readonly labelId?: number;
  /** For DJ users: the DJ profile's display name (the profile is enabled). */
  readonly djName?: string;
}

export const SANDBOX_ACCOUNTS: readonly SandboxAccount[] = [
  {
    username: 'admin',
    password: 'sandbox-admin',
    displayName: 'Ada Admin',
    app: 'app:control',
    role: 'staff:admin',
    brands: ['brand:dance', 'brand:dj'],
  },
  {
    username: 'contentops',
    password: 'sandbox-contentops',
    displayName: 'Colin Content',
    app: 'app:control',
    role: 'staff:content_ops',
    brands: ['brand:dance', 'brand:dj'],
  },
  {
    username: 'curation',
    password: 'sandbox-curation',
    displayName: 'Cora Curator',
    app: 'app:control',
    role: 'staff:curation',
    brands: ['brand:dj', 'brand:dance'],
  },
  {
    username: 'marketing',
    password: 'sandbox-marketing',
    displayName: 'Mark Marketing',
    app: 'app:control',
    role: 'staff:marketing',
    brands: ['brand:dance'],
  },
  {
    username: 'labelmgmt',
    password: 'sandbox-labelmgmt',
    displayName: 'Lena Labels',
    app: 'app:control',
    role: 'staff:label_mgmt',
    brands: ['brand:dance'],
  },
  {
    username: 'support',
    password: 'sandbox-support',
    displayName: 'Sam Support',
    app: 'app:control',
    role: 'staff:support',
    brands: ['brand:dance', 'brand:dj'],
  },
  {
    username: 'finance',
    password: 'sandbox-finance',
    displayName: 'Fin Finance',
    app: 'app:control',
    role: 'staff:finance',
    brands: ['brand:dj'],
  },
  {
    username: 'supplier',
    password: 'sandbox-supplier',
    displayName: 'Sue Supplier',
    app: 'app:baseware',
    role: 'user:supplier',
    brands: ['brand:dance', 'brand:dj'],
    supplierId: 1,
  },
  {
    username: 'label',
    password: 'sandbox-label',
    displayName: 'Lou Label',
    app: 'app:baseware',
    role: 'user:label',
    brands: ['brand:dance'],
    labelId: 1,
  },
  {
    username: 'artist',
    password: 'sandbox-artist',
    displayName: 'Ari Artist',
    app: 'app:baseware',
    role: 'user:artist',
    brands: ['brand:dance'],
  },
  {
    username: 'dj',
    password: 'sandbox-dj',
    displayName: 'Dana Deejay',
    app: 'app:baseware',
    role: 'user:dj',
    brands: ['brand:dj'],
    djName: 'DJ Dana',
  },
];

/**
 * A Baseware supplier account (of seeded supplier 2) that has NOT accepted the service
 * agreement, for the agreement's e2e test. Not in SANDBOX_ACCOUNTS (one account per role
 * and kind, which the suites and the authorization matrix walk); the sandbox supplier
 * there has accepted the version in force, so the other e2e tests reach the console.
 */
export const AGREEMENT_PENDING_ACCOUNT: SandboxAccount = {
  username: 'newsupplier',
  password: 'sandbox-newsupplier',
  displayName: 'Nia Newsupplier',
  app: 'app:baseware',
  role: 'user:supplier',
  brands: ['brand:dance'],
  supplierId: 2,
};
