import type { mediaChannels } from '../../../shared/bridge/channels/media';
import type { MainServices } from '../../services';
import type { AreaHandlers } from '../types';

/** Cover art and media URLs: who may upload or see what is the API's to say (main adds the session's token). */
export function mediaHandlers(s: Pick<MainServices, 'media'>): AreaHandlers<typeof mediaChannels> {
  return {
    mediaCoverUpload: (req) => s.media.uploadCover(req.releaseId, req.path),
    mediaRecordImageUpload: (req) => s.media.uploadRecordImage(req.type, req.id, req.path),
    moduleImageUpload: (req) => s.media.uploadModuleImage(req.moduleId, req.path),
    couponUsersUpload: (req) => s.media.uploadCouponUsers(req.couponId, req.path),
    creditsBulkUpload: ({ path, idempotencyKey, ...credit }) => s.media.uploadBulkCredits(path, credit, idempotencyKey),
    mediaUrl: (req) => s.media.ticket(req.target),
  };
}
