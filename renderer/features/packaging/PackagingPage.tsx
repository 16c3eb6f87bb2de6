/**
 * /packaging: the wizard (spec §2: Release Info, Track Details, Finish). The draft
 * autosaves through the draft store (draft-store.ts) and resumes on return;
 * Discard asks with the confirm dialog. Main reads every file.
 */
import { Alert, Button, Space, Steps } from 'antd';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { emptyDraft, type PackagingDraft } from '../../../shared/packaging/draft';
import { PKG_MSG } from '../../../shared/packaging/messages';
import type { ScanEntry } from '../../../shared/packaging/model';
import { validateDraft, validateRelease } from '../../../shared/packaging/validate';
import { bridge } from '../../lib/bridge';
import { authAtom } from '../../lib/store';
import { confirm } from '../../ui/confirm';
import { PageHeader } from '../../ui/PageHeader';
import { draftReducer } from './draft-reducer';
import { loadPackagingDraftAtom, savePackagingDraftAtom } from './draft-store';
import { BuiltPackages } from './BuiltPackages';
import { FinishStep } from './FinishStep';
import { issueMap, ReleaseInfoStep } from './ReleaseInfoStep';
import { TrackDetailsStep } from './TrackDetailsStep';
import './packaging.css';
import { formatDateTime } from '../../../shared/format';

const STEPS = ['Release Info', 'Track Details', 'Finish'];
const AUTOSAVE_MS = 500;

export default function PackagingPage() {
  const user = String(useAtomValue(authAtom).user?.userId ?? 'anonymous');
  const [draft, dispatch] = useReducer(draftReducer, undefined, () => emptyDraft());
  const loadDraft = useSetAtom(loadPackagingDraftAtom);
  const writeDraft = useSetAtom(savePackagingDraftAtom);
  const [loaded, setLoaded] = useState(false);
  const [resumed, setResumed] = useState(false);
  const [entries, setEntries] = useState(() => new Map<string, ScanEntry>());
  const [rescanning, setRescanning] = useState(false);
  /** A resumed draft's paths main may no longer read (picked in an earlier launch). */
  const [repick, setRepick] = useState<string[]>([]);
  const [attempted, setAttempted] = useState(false);
  /** Set once the package is written: the draft is done and no longer saved. */
  const [built, setBuilt] = useState(false);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Bumped when the draft is discarded or started over: a rescan of the old draft still under way is dropped, never added to the new one. */
  const generation = useRef(0);
  const resumeScan = useRef<string | null>(null);

  /** A scan's files are listed; its usable files become tracks (only those in `only` when given). */
  const onScanned = (sources: string[], found: ScanEntry[], only?: readonly string[]) => {
    setEntries((m) => {
      const next = new Map(m);
      for (const e of found) next.set(e.path, e);
      return next;
    });
    dispatch({ type: 'addScanned', sources, entries: found, only });
  };

  // Resume a saved draft once. Main reads only what the user picked in this launch of
  // the console: the draft's folders, cover art and output folder that main still may
  // read are used as they are (its folders scanned again, as only scanned files can be
  // packaged); the rest (after a restart) are listed to be chosen again.
  useEffect(() => {
    const resume = async (d: PackagingDraft) => {
      dispatch({ type: 'load', draft: d });
      setResumed(true);
      const wanted = [...d.sources, ...(d.coverArt ? [d.coverArt.path] : []), ...(d.outputDir ? [d.outputDir] : [])];
      if (!wanted.length) return;
      const ok = new Set((await bridge.packagingPicked({ paths: wanted }).catch(() => ({ picked: [] as string[] }))).picked);
      if (d.coverArt && !ok.has(d.coverArt.path)) dispatch({ type: 'coverArt', coverArt: null });
      if (d.outputDir && !ok.has(d.outputDir)) dispatch({ type: 'outputDir', outputDir: null });
      setRepick(wanted.filter((p) => !ok.has(p)));
      const sources = d.sources.filter((p) => ok.has(p));
      if (sources.length) {
        setRescanning(true);
        const scanId = crypto.randomUUID();
        const gen = generation.current;
        resumeScan.current = scanId;
        bridge
          .packagingScan({ scanId, paths: sources })
          // The draft's own tracks are read again; nothing is added (the supplier chose its files).
          .then(
            (r) => {
              if (generation.current === gen) onScanned(sources, r.entries, []);
            },
            () => undefined,
          )
          .finally(() => {
            if (resumeScan.current === scanId) resumeScan.current = null;
            if (generation.current === gen) setRescanning(false);
          });
      }
    };
    void loadDraft(user).then(async (saved) => {
      if (saved) await resume(saved).catch(() => undefined);
      setLoaded(true);
    });
  }, [user, loadDraft]);

  useEffect(() => {
    if (!loaded) return;
    if (saveTimer.current) clearTimeout(saveTimer.current);
    if (built) return;
    saveTimer.current = setTimeout(() => void writeDraft(user, isPristine(draft) ? null : draft).catch(() => undefined), AUTOSAVE_MS);
    return () => {
      if (saveTimer.current) clearTimeout(saveTimer.current);
    };
  }, [draft, loaded, user, built, writeDraft]);

  const issues = useMemo(() => validateDraft(draft.release, draft.tracks, draft.coverArt, entries), [draft, entries]);
  const visible = useMemo(() => {
    const shown = attempted ? issues : issues.filter((i) => fieldHasValue(draft, i.field));
    return issueMap(shown);
  }, [issues, attempted, draft]);

  const go = (step: number) => {
    if (step > draft.step && draft.step === 0 && validateRelease(draft.release).length) {
      setAttempted(true);
      return;
    }
    dispatch({ type: 'step', step });
  };

  const discard = async () => {
    if (!(await confirm({ message: 'Discard this packaging draft? Its release and track details will be lost.', theme: 'delete' }))) return;
    await writeDraft(user, null).catch(() => undefined);
    startOver();
  };

  const startOver = () => {
    generation.current++;
    if (resumeScan.current) void bridge.packagingCancel({ id: resumeScan.current }).catch(() => undefined);
    resumeScan.current = null;
    setRescanning(false);
    dispatch({ type: 'load', draft: emptyDraft() });
    setBuilt(false);
    setEntries(new Map());
    setResumed(false);
    setRepick([]);
    setAttempted(false);
  };

  if (!loaded) return null;
  return (
    <div className="packaging">
      <PageHeader
        title="Packaging"
        subtitle="Build a delivery package from local audio"
        extra={
          <Button danger onClick={() => void discard()}>
            Discard draft
          </Button>
        }
      />
      {resumed && (
        <Alert
          type="info"
          showIcon
          closable
          message={`Resumed your draft from ${formatDateTime(draft.savedAt)}`}
          style={{ marginBottom: 16 }}
        />
      )}
      {repick.length > 0 && (
        <Alert
          type="warning"
          showIcon
          closable
          data-testid="repick"
          onClose={() => setRepick([])}
          message={PKG_MSG.repick}
          description={
            <ul style={{ margin: 0 }}>
              {repick.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <Steps current={draft.step} onChange={go} items={STEPS.map((title) => ({ title }))} style={{ marginBottom: 24 }} />
      {draft.step === 0 && <ReleaseInfoStep draft={draft} dispatch={dispatch} issues={visible} />}
      {draft.step === 1 && (
        <TrackDetailsStep
          draft={draft}
          dispatch={dispatch}
          issues={visible}
          entries={entries}
          onScanned={onScanned}
          rescanning={rescanning}
        />
      )}
      {draft.step === 2 && (
        <FinishStep
          draft={draft}
          dispatch={dispatch}
          issues={issues}
          entries={entries}
          onBuilt={() => {
            setBuilt(true);
            void writeDraft(user, null).catch(() => undefined);
          }}
          onStartOver={startOver}
        />
      )}
      <Space style={{ marginTop: 24 }}>
        {draft.step > 0 && !built && <Button onClick={() => go(draft.step - 1)}>Back</Button>}
        {draft.step < 2 && (
          <Button type="primary" onClick={() => go(draft.step + 1)}>
            Next
          </Button>
        )}
      </Space>
      <BuiltPackages />
    </div>
  );
}

/** Nothing entered yet: there is no draft to keep. */
function isPristine(d: PackagingDraft): boolean {
  const empty = emptyDraft();
  return (
    d.step === 0 &&
    !d.tracks.length &&
    !d.coverArt &&
    !d.sources.length &&
    !d.outputDir &&
    JSON.stringify(d.release) === JSON.stringify(empty.release)
  );
}

/** Before the user tries to move on, only fields they filled in show their errors. */
function fieldHasValue(d: PackagingDraft, field: string): boolean {
  const [area, a, b] = field.split('.');
  if (area === 'release') {
    const v = (d.release as Record<string, unknown>)[a];
    return v !== '' && v !== null && v !== undefined;
  }
  if (area === 'tracks' && b) {
    const t = d.tracks.find((x) => x.position === Number(a));
    const v = t ? (t as Record<string, unknown>)[b] : undefined;
    return b === 'file' || (v !== '' && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0));
  }
  return false;
}
