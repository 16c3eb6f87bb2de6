/** Step 3: Finish. Summary, every error and warning, the output folder, then the build. */
import { FolderOpenOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, List, Progress, Result, Space, Tag, Typography } from 'antd';
import { useAtomValue } from 'jotai';
import { useEffect, useState, type Dispatch } from 'react';
import { PackageExists, type BuildResult } from '../../../shared/bridge/channels/packaging';
import { exclusivePeriodLabel } from '../../../shared/constants';
import { displayDate } from '../../../shared/search/format';
import type { PackagingDraft } from '../../../shared/packaging/draft';
import type { ScanEntry } from '../../../shared/packaging/model';
import { packageFileNames } from '../../../shared/packaging/package-files';
import { senderProblem } from '../../../shared/packaging/rules';
import type { DraftIssue } from '../../../shared/packaging/validate';
import { BridgeError, bridge, onBridgeEvent } from '../../lib/bridge';
import { errorText, friendlyErrorText } from '../../lib/http-errors';
import { principalAtom } from '../../lib/store';
import type { DraftAction } from './draft-reducer';
import { DeliverPanel } from './DeliverPanel';
import { FolderBrowser } from '../../ui/files/FolderBrowser';
import { pickNative } from '../../ui/files/pick';
import { RefSelect } from './fields';
import { packagesOwn, packagingKeys, packagingQueries } from './queries';
import { formatNumber, formatSeconds } from '../../../shared/format';

/** The files the package will hold, as main's writer names them. */
export function promisedFiles(draft: PackagingDraft): string[] {
  const tracks = [...draft.tracks].sort((a, b) => a.position - b.position);
  return packageFileNames({ upc: draft.release.upc, tracks, coverArt: draft.coverArt?.format ?? null, batchId: '<batch id>' }).paths;
}

export function FinishStep({
  draft,
  dispatch,
  issues,
  entries,
  onBuilt,
  onStartOver,
}: {
  draft: PackagingDraft;
  dispatch: Dispatch<DraftAction>;
  issues: DraftIssue[];
  entries: Map<string, ScanEntry>;
  /** The package is written: the draft is done. */
  onBuilt: () => void;
  onStartOver: () => void;
}) {
  const principal = useAtomValue(principalAtom);
  const isSupplier = packagesOwn(principal);
  const [supplierId, setSupplierId] = useState<number | null>(null);
  const suppliers = useQuery({ ...packagingQueries.suppliers(), enabled: !isSupplier });
  const sender = useQuery({
    queryKey: packagingKeys.sender(supplierId ?? undefined),
    queryFn: () => bridge.packagingSender(supplierId ? { supplierId } : {}),
    enabled: isSupplier || supplierId !== null,
    retry: false,
  });
  const [browsing, setBrowsing] = useState(false);
  const [buildId, setBuildId] = useState<string | null>(null);
  const [step, setStep] = useState<{ step: string; done: number; total: number; bytesDone?: number; bytesTotal?: number } | null>(null);
  const [result, setResult] = useState<BuildResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The output folder already holds a package of this release: deliver it, or replace it. */
  const [exists, setExists] = useState<PackageExists | null>(null);
  const [deliverExisting, setDeliverExisting] = useState(false);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      buildId
        ? onBridgeEvent('packagingBuildProgress', (p) => {
            if (p.buildId === buildId) setStep(p);
          })
        : undefined,
    [buildId],
  );

  const r = draft.release;
  const errors = issues.filter((i) => i.level === 'error');
  const warnings = issues.filter((i) => i.level === 'warning');
  const senderError = sender.error
    ? errorText(sender.error) || friendlyErrorText(sender.error)
    : sender.data
      ? senderProblem(sender.data)
      : null;
  const duration = draft.tracks.reduce((s, t) => s + (entries.get(t.path)?.format?.duration ?? 0), 0);

  const chooseOutput = async () => {
    const paths = await pickNative('outputFolder');
    if (paths === null) setBrowsing(true);
    else if (paths[0]) dispatch({ type: 'outputDir', outputDir: paths[0] });
  };
  const build = (replace?: string) => {
    if (!draft.coverArt || !draft.outputDir) return;
    const id = crypto.randomUUID();
    setBuildId(id);
    setError(null);
    setExists(null);
    setDeliverExisting(false);
    bridge
      .packagingBuild({
        buildId: id,
        supplierId: supplierId ?? undefined,
        release: r,
        tracks: draft.tracks,
        coverArt: draft.coverArt,
        outputDir: draft.outputDir,
        replace,
      })
      .then(
        (res) => {
          setResult(res);
          onBuilt();
          void queryClient.invalidateQueries({ queryKey: packagingKeys.built() });
        },
        (e: unknown) => {
          const existing = e instanceof BridgeError && e.code === 'package_exists' ? PackageExists.safeParse(e.detail) : null;
          if (existing?.success) setExists(existing.data);
          setError(errorText(e));
        },
      )
      .finally(() => setBuildId(null));
  };

  if (result) {
    return (
      <Result
        status="success"
        // Paths and file names have no spaces: they wrap anywhere rather than widen a phone's page.
        style={{ overflowWrap: 'anywhere', paddingInline: 0 }}
        title="Package written"
        subTitle={
          <Typography.Text code data-testid="package-folder">
            {result.folder}
          </Typography.Text>
        }
        extra={
          <Space direction="vertical" style={{ width: '100%', maxWidth: 900 }}>
            <List
              size="small"
              bordered
              dataSource={[result.xml, ...result.files.map((f) => `${f.name}  (MD5 ${f.md5})`), result.batchComplete]}
              renderItem={(f) => <List.Item>{f}</List.Item>}
            />
            <DeliverPanel
              folder={result.folder}
              supplierId={supplierId}
              onDelivered={() => void queryClient.invalidateQueries({ queryKey: packagingKeys.built() })}
            />
            <Button onClick={onStartOver}>Start a new package</Button>
          </Space>
        }
      />
    );
  }

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} title="Summary" data-testid="summary">
        <Descriptions.Item label="Title">{r.title}</Descriptions.Item>
        <Descriptions.Item label="UPC/EAN">{r.upc}</Descriptions.Item>
        <Descriptions.Item label="Catalog number">{r.catalogNumber}</Descriptions.Item>
        <Descriptions.Item label="Label">{r.label?.name}</Descriptions.Item>
        <Descriptions.Item label="Release type">{r.releaseType?.name}</Descriptions.Item>
        <Descriptions.Item label="Genre">{[r.genre?.name, r.subGenre?.name].filter(Boolean).join(' / ')}</Descriptions.Item>
        <Descriptions.Item label="Street / release date">
          {displayDate(r.streetDate) || '—'} / {displayDate(r.releaseDate) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Exclusive period">
          {r.exclusivePeriod === undefined ? 'None' : exclusivePeriodLabel(r.exclusivePeriod)}
        </Descriptions.Item>
        <Descriptions.Item label="Pre-order">
          {r.preOrder ? `${r.preOrderWeeks ?? 0} weeks` : 'No'} (default {r.defaultPreOrderWeeks ?? 0} weeks)
        </Descriptions.Item>
        <Descriptions.Item label="Explicit">{r.explicit ? 'Yes' : 'No'}</Descriptions.Item>
        <Descriptions.Item label="Tracks">
          {formatNumber(draft.tracks.length)} ({formatSeconds(duration)})
        </Descriptions.Item>
        <Descriptions.Item label="Cover art">
          {draft.coverArt ? `${draft.coverArt.width}×${draft.coverArt.height}` : 'None'}
        </Descriptions.Item>
        <Descriptions.Item label="Sender">
          {!isSupplier && (
            <div style={{ width: 260, display: 'inline-block', marginRight: 8 }}>
              <RefSelect
                ariaLabel="Supplier"
                placeholder="Sending for supplier…"
                value={suppliers.data?.find((x) => x.id === supplierId) ?? null}
                options={suppliers.data}
                loading={suppliers.isLoading}
                onChange={(v) => setSupplierId(v?.id ?? null)}
              />
            </div>
          )}
          {sender.data && (
            <span data-testid="sender">
              {sender.data.name} — {sender.data.partyId || '—'}{' '}
              <Tag color={sender.data.valid ? 'green' : 'red'}>{sender.data.partyIdMessage}</Tag>
            </span>
          )}
        </Descriptions.Item>
      </Descriptions>

      <div data-testid="issues">
        <Typography.Title level={5}>
          Errors ({errors.length}) and warnings ({warnings.length})
        </Typography.Title>
        {senderError && <Alert type="error" showIcon message={`Sender: ${senderError}`} style={{ marginBottom: 4 }} />}
        {errors.map((i) => (
          <Alert
            key={`${i.field}:${i.code}:${i.message}`}
            type="error"
            showIcon
            message={`${i.track ? `Track ${i.track}: ` : ''}${i.message}`}
            style={{ marginBottom: 4 }}
          />
        ))}
        {warnings.map((i) => (
          <Alert
            key={`${i.field}:${i.code}:${i.message}`}
            type="warning"
            showIcon
            message={`${i.track ? `Track ${i.track}: ` : ''}${i.message}`}
            style={{ marginBottom: 4 }}
          />
        ))}
        {!errors.length && !warnings.length && !senderError && <Typography.Text type="success">No errors or warnings.</Typography.Text>}
      </div>

      <div>
        <Typography.Title level={5}>Output</Typography.Title>
        <Space wrap>
          <Button icon={<FolderOpenOutlined />} onClick={() => void chooseOutput()}>
            Choose output folder…
          </Button>
          <Typography.Text code data-testid="output-dir">
            {draft.outputDir ?? 'No folder chosen'}
          </Typography.Text>
        </Space>
        <List
          size="small"
          header="The package will hold"
          dataSource={promisedFiles(draft)}
          renderItem={(f) => <List.Item>{f}</List.Item>}
          data-testid="promised-files"
          style={{ marginTop: 8 }}
        />
      </div>

      {buildId && step && <Progress percent={buildPercent(step)} format={() => step.step} data-testid="build-progress" />}
      {error && (
        <Alert
          type="error"
          showIcon
          message={error}
          data-testid="build-error"
          action={
            exists && (
              <Space direction="vertical">
                {exists.known && (
                  <Button size="small" type="primary" onClick={() => setDeliverExisting(true)}>
                    Deliver the existing package
                  </Button>
                )}
                <Button size="small" danger disabled={!!buildId} onClick={() => build(exists.folder)}>
                  Replace it
                </Button>
              </Space>
            )
          }
        />
      )}
      {exists?.known && deliverExisting && (
        <DeliverPanel
          folder={exists.folder}
          supplierId={supplierId}
          onDelivered={() => void queryClient.invalidateQueries({ queryKey: packagingKeys.built() })}
        />
      )}
      <Space>
        <Button
          type="primary"
          disabled={!!buildId || errors.length > 0 || !!senderError || !sender.data || !draft.outputDir}
          onClick={() => build()}
        >
          Build package
        </Button>
        {buildId && <Button onClick={() => void bridge.packagingCancel({ id: buildId })}>Cancel</Button>}
      </Space>
      <FolderBrowser
        open={browsing}
        title="Choose the output folder"
        mode="folder"
        show="folders"
        kind="outputFolder"
        start={draft.outputDir}
        onCancel={() => setBrowsing(false)}
        onPick={(p) => {
          setBrowsing(false);
          dispatch({ type: 'outputDir', outputDir: p });
        }}
      />
    </Space>
  );
}

/** The build's progress: by bytes copied and verified while files copy (a large file moves the bar), else by steps. */
function buildPercent(p: { done: number; total: number; bytesDone?: number; bytesTotal?: number }): number {
  const ratio = p.bytesTotal
    ? Math.min(1, (p.bytesDone ?? 0) / p.bytesTotal) * ((p.total - 2) / p.total) + Math.max(0, p.done - (p.total - 2)) / p.total
    : p.done / p.total;
  return Math.floor(ratio * 100);
}
