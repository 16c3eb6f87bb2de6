/** One header-search suggestion as the list shows it: the name, then what tells it apart (type and id, artists, release…). */
import { searchType } from '../../../shared/access';
import type { Suggestion } from '../../lib/autocomplete';
import './search.css';

/** The second line: "Tracks #1315 · Sofia Weber · Instrumental · Kaleidoscope EP". */
export function suggestionDetail(s: Suggestion): string {
  return [`${searchType(s.type)?.label ?? s.type} #${s.id}`, s.detail].filter(Boolean).join(' · ');
}

export function SuggestionLabel({ s }: { s: Suggestion }) {
  return (
    <div className="search-suggestion" data-testid={`suggestion-${s.type}-${s.id}`}>
      <div className="search-suggestion__name">{s.name}</div>
      <div className="search-suggestion__detail">{suggestionDetail(s)}</div>
    </div>
  );
}
