/**
 * The supplier service agreement (spec §2 /service-agreement, §7 Suppliers
 * service-agreement POST): the text in force is SERVICE_AGREEMENT (shared/constants); an
 * acceptance records the supplier, the user, the version, the time and the caller's IP.
 * A supplier user reaches only its own supplier (another's is 404, as a missing one is).
 */
import type { FastifyInstance } from 'fastify';
import { SERVICE_AGREEMENT_ACCEPT_RULE, SERVICE_AGREEMENT_READ_RULE, can } from '../../../shared/access';
import { serviceAgreementEndpoints, type AgreementAcceptance } from '../../../shared/api/endpoints';
import { SERVICE_AGREEMENT } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { Db, Queryable } from '../../db/client';
import { badRequest } from '../../domain/errors';
import { registerHandlers } from '../route';
import { visibleSupplier } from './banking';

const SELECT = `select a.id, a.supplier_id, a.version, a.accepted_at, a.ip,
  json_build_object('id', u.id, 'username', u.username, 'display_name', u.display_name) as "user"
  from service_agreement_acceptances a join users u on u.id = a.user_id`;

type Row = Omit<AgreementAcceptance, 'accepted_at'> & { accepted_at: Date | string };
const toJson = (r: Row): AgreementAcceptance => ({ ...r, accepted_at: new Date(r.accepted_at).toISOString() });

/** When a supplier accepted the version in force, or null. */
export async function acceptedCurrent(db: Queryable, supplierId: number): Promise<string | null> {
  const [row] = await db.query<{ accepted_at: Date | string }>(
    'select min(accepted_at) as accepted_at from service_agreement_acceptances where supplier_id = $1 and version = $2 having count(*) > 0',
    [supplierId, SERVICE_AGREEMENT.version],
  );
  return row ? new Date(row.accepted_at).toISOString() : null;
}

export function registerServiceAgreementRoutes(app: FastifyInstance, db: Db) {
  registerHandlers(app, db, serviceAgreementEndpoints, {
    current: {
      rule: SERVICE_AGREEMENT_READ_RULE,
      handler: async (_req, _reply, user) => {
        const own = can(user.principal, SERVICE_AGREEMENT_ACCEPT_RULE) ? user.supplierId : null;
        return {
          ...SERVICE_AGREEMENT,
          sections: [...SERVICE_AGREEMENT.sections],
          accepted_at: own === null ? null : await acceptedCurrent(db, own),
        };
      },
    },
    acceptances: {
      rule: SERVICE_AGREEMENT_READ_RULE,
      handler: async (req, _reply, user) => {
        const supplierId = await visibleSupplier(db, req.params.id, user);
        const rows = await db.query<Row>(`${SELECT} where a.supplier_id = $1 order by a.accepted_at desc, a.id desc`, [supplierId]);
        return rows.map(toJson);
      },
    },
    accept: {
      rule: SERVICE_AGREEMENT_ACCEPT_RULE,
      handler: async (req, reply, user) => {
        // Only its own supplier: fetchVisible shows a supplier user its own supplier alone.
        const supplierId = await visibleSupplier(db, req.params.id, user);
        if (req.body.version !== SERVICE_AGREEMENT.version) throw badRequest('version', MSG.agreementChanged);
        const [{ id }] = await db.query<{ id: number }>(
          'insert into service_agreement_acceptances (supplier_id, user_id, version, ip) values ($1, $2, $3, $4) returning id',
          [supplierId, user.id, SERVICE_AGREEMENT.version, req.ip],
        );
        const [row] = await db.query<Row>(`${SELECT} where a.id = $1`, [id]);
        reply.code(201);
        return toJson(row);
      },
    },
  });
}
