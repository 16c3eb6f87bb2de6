/**
 * The file classes lookup (GET /v4/fileclasses/, shared/api/endpoints/fileclasses.ts) and the
 * pipeline status for content ops (GET /v4/pipeline/, shared/api/endpoints/pipeline.ts).
 */
import type { FastifyInstance } from 'fastify';
import { FILE_CLASSES_RULE, PIPELINE_RULE } from '../../../shared/access';
import { onePage } from '../../../shared/api/envelope';
import {
  COVER_ART_TYPES,
  JOB_KINDS,
  fileClassEndpoints,
  pipelineEndpoints,
  type FileClass,
  type PipelineStatus,
} from '../../../shared/api/endpoints';
import { ARTIST_IMAGE_SIDE, CHART_IMAGE_SIDE, COVER_ART_MIN, IMAGE_CROPS, LABEL_IMAGE_SIDE } from '../../../shared/constants';
import { AUDIO_FORMAT, ENCODE_STATUSES, RELEASE_STATUSES } from '../../../shared/vocabularies';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { registerHandlers } from '../route';

type ImageRule = Pick<FileClass, 'min_side' | 'square' | 'stored_size'>;
const side = (n: number): [number, number] => [n, n];
/**
 * The upload rule of each §3 image type (auxiliary image-types), as the image routes apply
 * it: cover art and a label's image at least 500x500 and square (§5), stored at the §9
 * default crop and 500x500; an artist's and a chart's centre-cropped squares; a page banner
 * cropped per module slot (no one size).
 */
const IMAGE_RULES: Readonly<Record<string, ImageRule>> = {
  'Cover Art': { min_side: COVER_ART_MIN, square: true, stored_size: [...IMAGE_CROPS.default] },
  'Artist Profile': { min_side: null, square: null, stored_size: side(ARTIST_IMAGE_SIDE) },
  'Label Logo': { min_side: COVER_ART_MIN, square: true, stored_size: side(LABEL_IMAGE_SIDE) },
  'Chart Image': { min_side: null, square: null, stored_size: side(CHART_IMAGE_SIDE) },
};
const NO_RULE: ImageRule = { min_side: null, square: null, stored_size: null };
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const AUDIO_CLASSES: FileClass[] = AUDIO_FORMAT.map((f) => ({
  key: `audio:${f.value}`,
  kind: 'audio',
  name: f.label,
  suffixes: [f.suffix],
  mime_types: [f.mime],
  lossless: f.lossless,
  preview: f.preview,
  image_type_id: null,
  min_side: null,
  square: null,
  stored_size: null,
}));

export function registerLookupStatusRoutes(app: FastifyInstance, db: Db, jobs: JobQueue) {
  registerHandlers(app, db, fileClassEndpoints, {
    list: {
      rule: FILE_CLASSES_RULE,
      handler: async (req, reply) => {
        reply.header('cache-control', 'private, max-age=300');
        const kind = req.query.kind;
        const images =
          kind === 'audio'
            ? []
            : await db.query<{ id: number; name: string }>("select id, name from reference_items where list = 'image-types' order by id");
        const imageClasses: FileClass[] = images.map((t) => ({
          key: `image:${slug(t.name)}`,
          kind: 'image',
          name: t.name,
          suffixes: ['jpg', 'jpeg', 'png'],
          mime_types: [...COVER_ART_TYPES],
          lossless: null,
          preview: null,
          image_type_id: t.id,
          ...(IMAGE_RULES[t.name] ?? NO_RULE),
        }));
        return onePage([...(kind === 'image' ? [] : AUDIO_CLASSES), ...imageClasses]);
      },
    },
  });

  registerHandlers(app, db, pipelineEndpoints, {
    status: {
      rule: PIPELINE_RULE,
      handler: async (req) => {
        const since = req.query.since ?? null;
        const day = "($1::date)::timestamp at time zone 'UTC'";
        const [deliveries, encodes, states, depth] = await Promise.all([
          db.query<{ release_status: string; count: number; ingested: number }>(
            `select release_status, count(*)::int as count, count(*) filter (where ingested)::int as ingested from deliveries
             where $1::date is null or delivered_at >= ${day} group by release_status`,
            [since],
          ),
          db.query<{ encode_status: string; count: number }>(
            'select encode_status, count(*)::int as count from tracks group by encode_status',
          ),
          db.query<{ kind: string; state: string; count: number }>(
            `select kind, state, count(*)::int as count from jobs where $1::date is null or created_at >= ${day} group by kind, state`,
            [since],
          ),
          jobs.depth(),
        ]);
        const byStatus = new Map(deliveries.map((d) => [d.release_status, d.count]));
        const statuses = [...RELEASE_STATUSES, ...[...byStatus.keys()].filter((s) => !RELEASE_STATUSES.includes(s)).sort()];
        const encodeBy = new Map(encodes.map((e) => [e.encode_status, e.count]));
        const encodeStatuses = [
          ...ENCODE_STATUSES,
          ...[...encodeBy.keys()].filter((s) => !(ENCODE_STATUSES as readonly string[]).includes(s)).sort(),
        ];
        const jobCount = (kind: string, state: string) => states.find((s) => s.kind === kind && s.state === state)?.count ?? 0;
        const out: PipelineStatus = {
          since,
          generated_at: new Date().toISOString(),
          deliveries: {
            total: deliveries.reduce((a, d) => a + d.count, 0),
            ingested: deliveries.reduce((a, d) => a + d.ingested, 0),
            by_status: statuses.map((s) => ({ release_status: s, count: byStatus.get(s) ?? 0 })),
          },
          encodes: encodeStatuses.map((s) => ({ encode_status: s, count: encodeBy.get(s) ?? 0 })),
          jobs: JOB_KINDS.map((kind) => {
            const d = depth.find((x) => x.kind === kind);
            return {
              kind,
              pending: jobCount(kind, 'PENDING'),
              running: jobCount(kind, 'RUNNING'),
              done: jobCount(kind, 'DONE'),
              failed: jobCount(kind, 'ERROR'),
              queue_waiting: d?.waiting ?? 0,
              queue_oldest_seconds: d?.oldestSeconds ?? 0,
              queue_running: d?.running ?? 0,
            };
          }),
        };
        return out;
      },
    },
  });
}
