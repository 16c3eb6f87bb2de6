/** The loading view of a screen (spec §4: PENDING). Plain CSS: it shows before antd loads. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading-view" role="status" aria-live="polite">
      <span className="loading-view__spinner" aria-hidden="true" />
      <span className="loading-view__label">{label}</span>
    </div>
  );
}
