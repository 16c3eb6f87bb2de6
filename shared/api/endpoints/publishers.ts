/**
 * The publishers catalogue (spec §7 content ops "publishers POST/DELETE"): the music
 * publishers content ops know, by name (unique without regard to case). A track credits
 * its publishers by name (GET/PUT /v4/catalog/tracks/{id}/publishers/, as deliveries name
 * them), so a catalogue publisher is "in use" while a track credits a publisher of that
 * name (any case), and deleting it then is refused (409, saying how many tracks) until
 * they credit it no more. The list (GET, our addition: §7 names none) is how the console
 * finds an entry to delete.
 */
import { z } from 'zod';
import { MAX_LEN } from '../../constants';
import { endpoint, IdParam } from '../endpoint';
import { listEnvelope } from '../envelope';
import { limited } from '../limits';

export const PUBLISHER_MSG = {
  nameTaken: 'A publisher with this name already exists.',
  inUse: (tracks: number) =>
    `This publisher cannot be deleted: ${tracks} ${tracks === 1 ? 'track credits' : 'tracks credit'} it. Remove it from their publishers first.`,
} as const;

/** A publisher of the catalogue, with how many tracks credit it now. */
export const CataloguePublisher = z.object({ id: z.number().int(), name: z.string(), track_count: z.number().int() });
export type CataloguePublisher = z.infer<typeof CataloguePublisher>;

export const PublisherCreateBody = z.strictObject({
  name: z.string({ error: 'This field may not be blank.' }).trim().min(1, 'This field may not be blank.').pipe(limited(MAX_LEN.creditName)),
});

const PATH = '/v4/content-ops/publishers/';

export const publisherEndpoints = {
  list: endpoint({
    method: 'GET',
    path: PATH,
    response: listEnvelope(CataloguePublisher),
    doc: 'Every publisher of the catalogue by name, with how many tracks credit it.',
  }),
  create: endpoint({
    method: 'POST',
    path: PATH,
    body: PublisherCreateBody,
    response: CataloguePublisher,
    doc: 'Adds a publisher (201). A name the catalogue has (any case) is a 400 naming `name`.',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${PATH}:id/`,
    params: z.object({ id: IdParam }),
    response: z.null(),
    doc: 'Deletes a publisher (204). 409 while a track credits it (the message says how many).',
  }),
};
