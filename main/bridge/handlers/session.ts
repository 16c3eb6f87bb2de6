import type { sessionChannels } from '../../../shared/bridge/channels/session';
import type { MainServices } from '../../services';
import type { AreaHandlers } from '../types';

export function sessionHandlers(s: MainServices): AreaHandlers<typeof sessionChannels> {
  return {
    sessionStatus: () => s.session.status({ fresh: true }),
    sessionSignIn: () => s.signIn(),
    sessionCompleteSignIn: ({ code, state }) => s.session.completeSignIn(code, state),
    sessionSwitchBrand: ({ brand }) => s.session.switchBrand(brand),
    sessionSignOut: async () => {
      await s.session.signOut();
      return { ok: true as const };
    },
  };
}
