/**
 * Spec §8 "Label Exists with Similar or Identical Name": the labels whose normalised
 * name (lower case, every run of other characters than letters and digits one space)
 * is identical to a new name's, or close to it by trigram similarity (pg_trgm, on
 * PGlite and PostgreSQL alike) at SIMILAR_LABEL_THRESHOLD or more; identical ones first,
 * then the closest.
 */
import { SIMILAR_LABEL_MAX, SIMILAR_LABEL_THRESHOLD, type SimilarLabel } from '../../../shared/api/endpoints/labels';
import type { Queryable } from '../../db/client';

const norm = (x: string) => `btrim(regexp_replace(lower(${x}), '[^[:alnum:]]+', ' ', 'g'))`;

export async function similarLabels(q: Queryable, name: string): Promise<SimilarLabel[]> {
  return q.query<SimilarLabel>(
    `with n as (select ${norm('$1::text')} as v)
     select l.id, l.name, s.name as supplier
     from labels l left join suppliers s on s.id = l.supplier_id, n
     where ${norm('l.name')} = n.v or similarity(${norm('l.name')}, n.v) >= $2
     order by (${norm('l.name')} = n.v) desc, similarity(${norm('l.name')}, n.v) desc, l.id
     limit $3`,
    [name, SIMILAR_LABEL_THRESHOLD, SIMILAR_LABEL_MAX],
  );
}
