/**
 * Users (shared/api/endpoints/users.ts): the new-user CSV export, GET
 * /v4/accounts/new-users-csv/download/ (the /new-user-export area's rule, admin and support):
 * the users registered in at most 2 days (both ends counted; a longer range is a 400 on `to`,
 * checked by the query schema), streamed as the users search export streams its CSV.
 */
import type { FastifyInstance } from 'fastify';
import { AREA_RULES } from '../../../shared/access';
import { userEndpoints } from '../../../shared/api/endpoints';
import { shownColumns } from '../../../shared/search';
import type { Db } from '../../db/client';
import { LIST_DEF_BY_KEY } from '../lists/types';
import { addEndpoint } from '../route';
import { sendSearchCsv } from './export';

/** The new-user export's columns besides the users search's fixed ones. */
export const NEW_USER_COLUMNS = ['first_name', 'last_name', 'country', 'registered_at'];

export function registerUserRoutes(app: FastifyInstance, db: Db) {
  const users = LIST_DEF_BY_KEY.get('users')!;
  addEndpoint(app, db, userEndpoints.newUserExport, {
    rule: AREA_RULES['/new-user-export'],
    handler: async (req, reply, user) => {
      const { from, to } = req.query as { from: string; to: string };
      const query = { created_date: `${from}:${to}`, order_by: 'registered_at' };
      return sendSearchCsv(db, req, reply, users, user!, query, shownColumns('users', NEW_USER_COLUMNS), `new-users-${from}-${to}.csv`);
    },
  });
}
