/**
 * A page's URL slug checked as it is typed (slugs are unique per brand): GET
 * …/pages/slug-check/ 300 ms after the last key, for a slug the field's own schema
 * accepts and that differs from the page's saved one. The answer is an error by field
 * the forms merge with their own.
 */
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { CURATION_MSG, SlugCheckQuery } from '../../../shared/api/endpoints';
import { principalAtom } from '../../lib/store';
import { checkPageSlug, recordKeys } from '../records/api';
import type { FieldErrors } from '../records/form-model';
import { useDebounced } from '../../lib/autocomplete';

const NONE: FieldErrors = {};

export function usePageSlugErrors(
  type: string,
  values: Readonly<Record<string, unknown>>,
  page?: { id: number; slug: unknown },
): FieldErrors {
  const brand = useAtomValue(principalAtom).brand;
  const typed = type === 'pages' && typeof values.slug === 'string' ? values.slug : '';
  const slug = useDebounced(typed, 300);
  const enabled = slug !== '' && slug === typed && slug !== page?.slug && SlugCheckQuery.shape.slug.safeParse(slug).success;
  const q = useQuery({
    queryKey: recordKeys.pageSlugCheck(brand, slug, page?.id ?? null),
    queryFn: () => checkPageSlug(slug, page?.id),
    enabled,
    staleTime: 5_000,
  });
  return enabled && q.data?.available === false ? { slug: [CURATION_MSG.slugTaken] } : NONE;
}
