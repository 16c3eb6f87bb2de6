import type { deliveryFilesChannels } from '../../../shared/bridge/channels/delivery-files';
import type { MainServices } from '../../services';
import type { AreaHandlers } from '../types';

/** A delivery's files saved or opened: who may read which is the API's to say (main adds the session's token). */
export function deliveryFilesHandlers(s: Pick<MainServices, 'deliveryFiles'>): AreaHandlers<typeof deliveryFilesChannels> {
  return {
    deliveryFileSave: (req) => s.deliveryFiles.save(req.deliveryId, req.path),
    deliveryFileOpen: (req) => s.deliveryFiles.open(req.deliveryId, req.path),
  };
}
