/**
 * What the track and release sub-resource routes share (spec §7 Tracks, Releases):
 * their access rules (reading: the type's read rule of the §6 table; writing: the
 * type's write rule of shared/access as well), the parent row as GET by id shows it
 * (404 when missing or not visible to the caller), and the lock that serialises
 * writes to one parent's sub-resources.
 */
import { allOf, searchType, writeRule, type Rule } from '../../../shared/access';
import type { EndpointSpec } from '../../../shared/api/endpoint';
import type { ObjectRow } from '../../../shared/api/endpoints';
import type { Db, Queryable } from '../../db/client';
import { notFound } from '../../domain/errors';
import type { ListDef } from '../lists/engine';
import { LIST_DEF_BY_KEY } from '../lists/types';
import type { RequestUser } from '../principal';
import type { EndpointDef } from '../route';
import { fetchVisible } from './lists';

export type ParentType = 'tracks' | 'releases' | 'suppliers' | 'labels' | 'charts' | 'playlists' | 'genres';

const defOf = (type: ParentType): ListDef => LIST_DEF_BY_KEY.get(type)!;

/** Who may read a parent's sub-resources: whoever may read the type (row visibility per request). */
export function readRuleOf(type: ParentType): Rule {
  return searchType(type)!.rule;
}

/**
 * Who may write them: who may read the type and holds the type's write rule
 * (WRITE_RULES.catalogue for tracks and releases). The field rules of the generic PATCH
 * (label management's hype fields of a release) do not open the sub-resources.
 */
export function writeRuleOf(type: ParentType): Rule {
  const own = writeRule(type);
  if (!own) throw new Error(`No write rule in shared/access for ${type}`);
  return allOf(readRuleOf(type), own);
}

/** The parent as GET by id answers it, or 404 when missing or not visible to this user. */
export async function visibleParent(q: Queryable, type: ParentType, user: RequestUser, id: number): Promise<ObjectRow> {
  const row = await fetchVisible(q, defOf(type), user, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Inside a write's transaction: the visible parent, locked (FOR UPDATE) so that writes to
 * its sub-resources run one after the other and each reads the state it replaces.
 */
export async function lockedParent(tx: Queryable, type: ParentType, user: RequestUser, id: number): Promise<ObjectRow> {
  const row = await visibleParent(tx, type, user, id);
  await tx.query(`select id from ${type} where id = $1 for update`, [id]);
  return row;
}

/** A whole list as one page of the v4 envelope. */
export function onePage<T>(results: T[]) {
  return { count: results.length, next: null, previous: null, page: '1/1', per_page: Math.max(1, results.length), results };
}

/** GET of a parent's whole list at an endpoint with path parameter id: the type's read rule, 404 unless the parent is visible, the list as one page. */
export function listUnder<E extends EndpointSpec>(
  db: Db,
  type: ParentType,
  list: (q: Queryable, id: number) => Promise<unknown[]>,
): EndpointDef<E> {
  return {
    rule: readRuleOf(type),
    handler: async (req, _reply, user) => {
      const { id } = req.params as { id: number };
      await visibleParent(db, type, user, id);
      return onePage(await list(db, id)) as never;
    },
  };
}
