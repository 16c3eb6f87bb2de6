import { z } from 'zod';
import { channel, Empty, Ok } from '../define';

/** The signed-in user as the renderer may see it: never a token. */
export const SessionUser = z.object({
  userId: z.number().int(),
  username: z.string(),
  displayName: z.string().optional(),
  /** The space-separated scope string of spec §6, as introspected. */
  scope: z.string(),
  features: z.array(z.string()),
  /** The brand this session acts for, and every brand the user may switch to. */
  brand: z.string(),
  brands: z.array(z.string()),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const SessionStatus = z.object({ signedIn: z.boolean(), user: SessionUser.nullable() });

export const sessionChannels = {
  sessionStatus: channel("Who is signed in, if anyone (from main's session, refreshed when needed).", Empty, SessionStatus),
  sessionSignIn: channel(
    'Starts the OAuth authorization-code flow with PKCE. In Electron main opens the system browser and waits on a one-shot loopback redirect, then answers `done`; in the browser host it answers `redirect` with the identity provider URL to navigate to, which comes back to /auth/verify.',
    Empty,
    z.discriminatedUnion('mode', [
      z.object({ mode: z.literal('redirect'), url: z.string().url() }),
      z.object({ mode: z.literal('done'), user: SessionUser }),
    ]),
  ),
  sessionCompleteSignIn: channel(
    'Exchanges the code that came back to /auth/verify (browser host) for tokens, stores them in the keychain, introspects and answers the user.',
    z.object({ code: z.string().min(1).max(512), state: z.string().min(1).max(512) }).strict(),
    SessionUser,
  ),
  sessionSwitchBrand: channel(
    "Switches the brand the session acts for (only to one of the user's brands).",
    z.object({ brand: z.string().min(1).max(64) }).strict(),
    SessionUser,
  ),
  sessionSignOut: channel('Revokes both tokens at the identity provider and clears the keychain entry.', Empty, Ok),
} as const;
