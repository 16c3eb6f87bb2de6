/**
 * One delivery (spec §7 delivery inspector "GET by id", the record page of the
 * deliveries type): its status and §8 message, the timeline of every status it went
 * through, its files as delivered (each opened or saved through main: DeliveryFiles), its XML, and re-ingest with an override genre (for
 * admin and content ops, when §4 allows it: not ingested, not being re-ingested). The
 * status refreshes every POLL_INTERVAL_MS without a reload.
 */
import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Input, Modal, Select, Space, Timeline, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { WRITE_RULES, can } from '../../../shared/access';
import { deliveryEndpoints as ep, supplierEndpoints } from '../../../shared/api/endpoints';
import { POLL_INTERVAL_MS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { recordRoute } from '../../../shared/records';
import { call, fetchData } from '../../lib/api';
import { bodyErrorText, errorText, friendlyErrorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import { Loading } from '../../ui/Loading';
import { PageHeader } from '../../ui/PageHeader';
import { ReleaseStatus, deliveryKeys, when } from './delivery-parts';
import { recordQueries } from '../records/api';
import { DeliveryFiles } from './DeliveryFiles';
import { GenreSelect } from './GenreSelect';

export default function DeliveryPage({ id }: { id: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayWrite = can(useAtomValue(principalAtom), WRITE_RULES.deliveries);
  const key = deliveryKeys.one(id);
  const q = useQuery({ queryKey: key, queryFn: () => fetchData(ep.get, { params: { id } }), refetchInterval: POLL_INTERVAL_MS });
  const [genre, setGenre] = useState<number | null>(null);
  const [xmlOpen, setXmlOpen] = useState(false);
  const xml = useQuery({ queryKey: deliveryKeys.xml(id), queryFn: () => fetchData(ep.getXml, { params: { id } }), enabled: xmlOpen });
  const [xmlDraft, setXmlDraft] = useState<string | null>(null);
  const saveXml = useMutation({
    mutationFn: (text: string) => call(ep.putXml, { params: { id }, body: { xml: text } }),
    onSuccess: (res) => {
      queryClient.setQueryData(deliveryKeys.xml(id), res.data);
      setXmlDraft(null);
      void queryClient.invalidateQueries({ queryKey: key });
      void message.success('XML saved: re-ingest to apply it');
    },
  });
  const supplierId = q.data?.supplier.id;
  // Cached with the supplier's Labels tab: a label added there is offered here.
  const labels = useQuery({ ...recordQueries.supplierLabels(supplierId ?? 0), enabled: mayWrite && supplierId !== undefined });
  const [mapGenre, setMapGenre] = useState<number | null>(null);
  const [mapLabel, setMapLabel] = useState<number | null>(null);
  const mapped = () => void message.success('Mapping saved: future deliveries of this supplier use it');
  const genreMapping = useMutation({
    mutationFn: (v: { source: string; genre: number }) =>
      call(supplierEndpoints.genreMappings.create, { params: { id: supplierId! }, body: { source_genre: v.source, genre_id: v.genre } }),
    onSuccess: mapped,
  });
  const labelMapping = useMutation({
    mutationFn: (v: { source: string; label: number }) =>
      call(supplierEndpoints.labelMappings.create, { params: { id: supplierId! }, body: { source_label: v.source, label_id: v.label } }),
    onSuccess: mapped,
  });
  const reingest = useMutation({
    mutationFn: () => call(ep.reingest, { params: { id }, body: { override_genre: genre } }),
    onSuccess: (res) => {
      queryClient.setQueryData(key, res.data);
      void queryClient.invalidateQueries({ queryKey: deliveryKeys.all });
      void message.success('Delivery resubmitted');
    },
    onError: () => void message.error(MSG.resubmitDelivery),
  });

  if (q.isPending) return <Loading />;
  if (q.isError) return <Alert type="error" showIcon title={friendlyErrorText(q.error)} description={errorText(q.error)} />;
  const d = q.data;
  const releaseLink = d.release_id !== null ? recordRoute('releases', d.release_id) : null;
  return (
    <div className="page delivery-page" data-testid="delivery-page">
      <PageHeader title={d.title || `Delivery ${d.id}`} subtitle={`Delivery ${d.id} from ${d.supplier.name}`} />
      <Card>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            {
              key: 'status',
              label: 'Release Status',
              children: (
                <span data-testid="delivery-status">
                  <ReleaseStatus status={d.release_status} />
                </span>
              ),
            },
            { key: 'message', label: 'Status Message', children: <span data-testid="delivery-message">{d.status_message ?? '—'}</span> },
            { key: 'action', label: 'Action', children: d.album_action },
            { key: 'artist', label: 'Artist', children: d.artist || '—' },
            { key: 'label', label: 'Label', children: d.label_name || '—' },
            { key: 'genre', label: 'Genre', children: d.genre?.name ?? '—' },
            { key: 'release', label: 'Release', children: releaseLink ? <Link to={releaseLink}>Release {d.release_id}</Link> : '—' },
            { key: 'delivered', label: 'Delivered', children: when(d.delivered_at) },
          ]}
        />
      </Card>
      {mayWrite && (
        <Card
          title={
            <Typography.Title level={2} className="delivery-card-title">
              Re-ingest
            </Typography.Title>
          }
        >
          {d.can_reingest ? (
            <Space wrap>
              <GenreSelect
                id="delivery-override-genre"
                allowClear
                placeholder="Override genre (optional)"
                label="Override genre"
                value={genre}
                onChange={setGenre}
              />
              <Button type="primary" onClick={() => reingest.mutate()} loading={reingest.isPending} data-testid="delivery-reingest">
                Re-ingest
              </Button>
            </Space>
          ) : (
            <Typography.Text type="secondary" data-testid="delivery-no-reingest">
              {d.ingested
                ? 'This delivery has been ingested.'
                : d.release_status === 'currently-reingesting'
                  ? 'This delivery is being re-ingested.'
                  : 'This delivery has no files kept to re-ingest from.'}
            </Typography.Text>
          )}
          {reingest.error != null && (
            <Alert type="error" showIcon title={MSG.resubmitDelivery} description={bodyErrorText(reingest.error)} />
          )}
        </Card>
      )}
      {mayWrite && (d.source_genre || d.source_label) && (
        <Card
          title={
            <Typography.Title level={2} className="delivery-card-title">
              Future deliveries
            </Typography.Title>
          }
        >
          <Space direction="vertical" className="delivery-mappings">
            {d.source_genre && (
              <Space wrap>
                <span>
                  Map genre <strong>{d.source_genre}</strong> to
                </span>
                <GenreSelect
                  id="delivery-map-genre"
                  placeholder="Genre"
                  label={`Genre for ${d.source_genre}`}
                  value={mapGenre}
                  onChange={setMapGenre}
                />
                <Button
                  disabled={mapGenre === null}
                  loading={genreMapping.isPending}
                  data-testid="delivery-map-genre-save"
                  onClick={() => mapGenre !== null && genreMapping.mutate({ source: d.source_genre!, genre: mapGenre })}
                >
                  Map genre
                </Button>
              </Space>
            )}
            {d.source_label && (
              <Space wrap>
                <span>
                  Map label <strong>{d.source_label}</strong> to
                </span>
                <Select<number>
                  id="delivery-map-label"
                  showSearch
                  optionFilterProp="label"
                  className="delivery-genre"
                  placeholder="Label"
                  aria-label={`Label for ${d.source_label}`}
                  value={mapLabel ?? undefined}
                  onChange={(v) => setMapLabel(v ?? null)}
                  loading={labels.isPending}
                  options={(labels.data?.results ?? []).map((l) => ({ value: l.id, label: l.name }))}
                />
                <Button
                  disabled={mapLabel === null}
                  loading={labelMapping.isPending}
                  data-testid="delivery-map-label-save"
                  onClick={() => mapLabel !== null && labelMapping.mutate({ source: d.source_label, label: mapLabel })}
                >
                  Map label
                </Button>
              </Space>
            )}
            {(genreMapping.error ?? labelMapping.error) != null && (
              <Alert
                type="error"
                showIcon
                title={MSG.actionNotPerformed}
                description={bodyErrorText(genreMapping.error ?? labelMapping.error)}
              />
            )}
          </Space>
        </Card>
      )}
      <Card
        title={
          <Typography.Title level={2} className="delivery-card-title">
            Timeline
          </Typography.Title>
        }
      >
        <Timeline
          data-testid="delivery-timeline"
          items={d.events.map((e, i) => ({
            key: i,
            children: (
              <div data-testid="delivery-event">
                <ReleaseStatus status={e.release_status} /> {when(e.created_at)}
                {e.status_message && <div>{e.status_message}</div>}
                {e.detail && <pre className="delivery-detail">{e.detail}</pre>}
              </div>
            ),
          }))}
        />
      </Card>
      <Card
        title={
          <Typography.Title level={2} className="delivery-card-title">
            Files
          </Typography.Title>
        }
        extra={
          d.xml_file_path !== null &&
          d.files.length > 0 && (
            <Button onClick={() => setXmlOpen(true)} data-testid="delivery-view-xml">
              View XML
            </Button>
          )
        }
      >
        {d.files.length === 0 ? (
          <Typography.Text type="secondary">No files are kept for this delivery.</Typography.Text>
        ) : (
          <DeliveryFiles id={d.id} files={d.files} />
        )}
      </Card>
      <Modal
        open={xmlOpen}
        title="Delivery XML"
        footer={null}
        onCancel={() => {
          setXmlOpen(false);
          setXmlDraft(null);
          saveXml.reset();
        }}
        width={900}
        destroyOnHidden
      >
        {xml.isPending ? (
          <Loading />
        ) : xml.isError ? (
          <Alert type="error" showIcon title={friendlyErrorText(xml.error)} />
        ) : xmlDraft === null ? (
          <>
            <pre className="delivery-xml" tabIndex={0} data-testid="delivery-xml">
              {xml.data.xml}
            </pre>
            {mayWrite && (
              <Button onClick={() => setXmlDraft(xml.data.xml)} data-testid="delivery-edit-xml">
                Replace XML
              </Button>
            )}
          </>
        ) : (
          <Space direction="vertical" className="delivery-mappings">
            <Input.TextArea
              aria-label="Delivery XML"
              className="delivery-xml"
              autoSize={{ minRows: 8, maxRows: 24 }}
              value={xmlDraft}
              onChange={(e) => setXmlDraft(e.target.value)}
              data-testid="delivery-xml-input"
            />
            {saveXml.error != null && (
              <Alert
                type="error"
                showIcon
                title={MSG.actionNotPerformed}
                description={bodyErrorText(saveXml.error)}
                data-testid="delivery-xml-error"
              />
            )}
            <Space>
              <Button type="primary" loading={saveXml.isPending} onClick={() => saveXml.mutate(xmlDraft)} data-testid="delivery-save-xml">
                Save XML
              </Button>
              <Button
                onClick={() => {
                  setXmlDraft(null);
                  saveXml.reset();
                }}
              >
                Cancel
              </Button>
            </Space>
          </Space>
        )}
      </Modal>
    </div>
  );
}
