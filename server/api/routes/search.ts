/** GET /v4/catalog/search/?type=… (every search type) and search/autocomplete/. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SEARCH_TYPES, can, searchType, type Rule } from '../../../shared/access';
import { AUTOCOMPLETE_TYPES, SUGGESTION_DETAIL, searchEndpoints, type Suggestion } from '../../../shared/api/endpoints';
import { cellText, columnsOf } from '../../../shared/search';
import type { Db } from '../../db/client';
import { badRequest } from '../errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { runList, type ListQuery } from '../lists/engine';
import { addEndpoint } from '../route';
import { publicUrlOf } from '../public-url';

/** The search route's rule is the rule of the requested type (spec §6 table). */
function ruleOfType(req: FastifyRequest): Rule {
  const type = (req.query as ListQuery).type;
  const t = type ? searchType(type) : undefined;
  if (!t) throw badRequest('type', `Select a valid choice: ${SEARCH_TYPES.map((x) => x.key).join(', ')}.`);
  return t.rule;
}

export function registerSearchRoutes(app: FastifyInstance, db: Db) {
  const { search, autocomplete } = searchEndpoints;
  addEndpoint(app, db, search, {
    rule: ruleOfType,
    handler: async (req, _reply, user) => runList(db, LIST_DEF_BY_KEY.get(req.query.type!)!, user!, req.query, publicUrlOf(req, search.path)),
  });

  addEndpoint(app, db, autocomplete, {
    // Open to every signed-in user; each type inside is filtered by its own rule.
    rule: '*',
    handler: async (req, _reply, user) => {
      const { q, type } = req.query;
      if (!q || q.trim().length < 2) throw badRequest('q', 'Enter at least 2 characters.');
      const wanted = type ? [type] : [...AUTOCOMPLETE_TYPES];
      const results: Suggestion[] = [];
      for (const key of wanted) {
        const t = searchType(key);
        const def = LIST_DEF_BY_KEY.get(key);
        if (!t || !def?.text || !can(user!.principal, t.rule)) continue;
        const env = await runList(db, def, user!, { q, per_page: '5' }, search.path);
        const detailColumns = columnsOf(key).filter((c) => (SUGGESTION_DETAIL as Record<string, readonly string[]>)[key]?.includes(c.key));
        for (const r of env.results) {
          const detail = detailColumns.map((c) => cellText(c, r)).filter(Boolean).join(' · ');
          results.push({ type: key, id: r.id as number, name: String(r.name ?? r.title ?? r.code ?? r.username ?? ''), detail });
        }
      }
      return { results };
    },
  });
}
