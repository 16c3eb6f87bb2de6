/** auxiliary/: the reference lists of spec §3, each one page of the v4 envelope. */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { listEnvelope, type ListEnvelope } from '../envelope';

/** One item of a reference list: every list has id and name; some carry more (genres their sub-genres). */
const SubGenre = z.object({ id: z.number().int(), name: z.string() });
export const ReferenceItem = z.looseObject({
  id: z.union([z.number().int(), z.null()]),
  name: z.string(),
  /** Genres only. */
  sub_genres: z.array(SubGenre).optional(),
});
export type ReferenceItem = z.infer<typeof ReferenceItem>;

export const GenreItem = ReferenceItem.extend({ id: z.number().int(), sub_genres: z.array(SubGenre) });
export type GenreItem = z.infer<typeof GenreItem>;

const NAME = /^[a-z][a-z0-9-]*$/;

const declare = <T extends z.ZodType>(name: string, item: T) =>
  endpoint({
    method: 'GET',
    path: `/v4/auxiliary/${name}/`,
    response: listEnvelope(item),
    doc: `The ${name} reference list (any signed-in user; cached for 5 minutes).`,
  });

/** The genres list, whose items carry their sub-genres. */
export const genresEndpoint = declare('genres', GenreItem);

/** A reference list's declaration as callers see it: items with at least id and name. */
export interface AuxiliaryEndpoint {
  readonly method: 'GET';
  readonly path: string;
  readonly response: z.ZodType<ListEnvelope<ReferenceItem>>;
  readonly doc: string;
}

const cache = new Map<string, AuxiliaryEndpoint>([['genres', genresEndpoint]]);

/** The endpoint of one reference list (by its path name, e.g. 'release-types'). */
export function auxiliaryEndpoint(name: string): AuxiliaryEndpoint {
  if (!NAME.test(name)) throw new Error(`Not a reference list name: ${name}`);
  let e = cache.get(name);
  if (!e) cache.set(name, (e = declare(name, ReferenceItem)));
  return e;
}
