/** GET /v4/catalog/search/?type=… (every search type) and search/autocomplete/. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SEARCH_TYPES, can, filterAllowed, searchType, type Rule } from '../../../shared/access';
import {
  AUTOCOMPLETE_TYPES,
  SUGGESTION_DETAIL,
  SUGGESTION_MATCH,
  isSuggestible,
  searchEndpoints,
  type Suggestion,
} from '../../../shared/api/endpoints';
import { cellText, columnsOf } from '../../../shared/search';
import type { Db, Row } from '../../db/client';
import { HttpError, badRequest } from '../../domain/errors';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { runList, type ListDef, type ListQuery } from '../lists/engine';
import type { RequestUser } from '../principal';
import { registerHandlers } from '../route';
import { publicUrlOf } from '../public-url';

/** The search route's rule is the rule of the requested type (spec §6 table). */
function ruleOfType(req: FastifyRequest): Rule {
  const type = (req.query as ListQuery).type;
  const t = type ? searchType(type) : undefined;
  if (!t) throw badRequest('type', `Select a valid choice: ${SEARCH_TYPES.map((x) => x.key).join(', ')}.`);
  return t.rule;
}

const PER_TYPE = 5;

/**
 * The rows suggested for `q` in one type, at most PER_TYPE: the record whose id it is (a whole
 * number), those whose SUGGESTION_MATCH filters contain it (a catalogue number, an ISRC), then
 * those whose name has its words, each once.
 */
async function suggestionRows(db: Db, def: ListDef, user: RequestUser, q: string): Promise<Row[]> {
  const queries: ListQuery[] = [];
  const has = (f: string) => Object.hasOwn(def.filters, f) && filterAllowed(user.principal, def.key, f);
  if (/^[1-9]\d{0,8}$/.test(q) && has('id')) queries.push({ id: q });
  for (const f of SUGGESTION_MATCH[def.key] ?? []) if (has(f)) queries.push({ [f]: q });
  queries.push({ q });
  const rows: Row[] = [];
  const seen = new Set<unknown>();
  for (const query of queries) {
    let results: Row[];
    try {
      results = (await runList(db, def, user, { ...query, per_page: String(PER_TYPE) }, searchEndpoints.search.path)).results;
    } catch (e) {
      // Text the filter does not take (not an ISRC, say) matches nothing there; the name search still runs.
      if (query.q === undefined && e instanceof HttpError && e.status === 400) continue;
      throw e;
    }
    for (const r of results) {
      if (rows.length < PER_TYPE && !seen.has(r.id)) {
        seen.add(r.id);
        rows.push(r);
      }
    }
    if (rows.length >= PER_TYPE) break;
  }
  return rows;
}

export function registerSearchRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, searchEndpoints, {
    search: {
      rule: ruleOfType,
      handler: async (req, _reply, user) =>
        runList(db, LIST_DEF_BY_KEY.get(req.query.type!)!, user, req.query, publicUrlOf(req, searchEndpoints.search.path)),
    },

    autocomplete: {
      // Open to every signed-in user; each type inside is filtered by its own rule.
      rule: '*',
      handler: async (req, _reply, user) => {
        const { q, type } = req.query;
        if (!q || !isSuggestible(q)) throw badRequest('q', 'Enter at least 2 characters.');
        const wanted = type ? [type] : [...AUTOCOMPLETE_TYPES];
        const results: Suggestion[] = [];
        for (const key of wanted) {
          const t = searchType(key);
          const def = LIST_DEF_BY_KEY.get(key);
          if (!t || !def?.text || !can(user.principal, t.rule)) continue;
          const detailColumns = columnsOf(key).filter((c) => SUGGESTION_DETAIL[key]?.includes(c.key));
          for (const r of await suggestionRows(db, def, user, q.trim())) {
            const detail = detailColumns
              .map((c) => cellText(c, r))
              .filter(Boolean)
              .join(' · ');
            results.push({ type: key, id: r.id as number, name: String(r.name ?? r.title ?? r.code ?? r.username ?? ''), detail });
          }
        }
        return { results };
      },
    },
  });
}
