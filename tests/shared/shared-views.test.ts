/**
 * Views shared with the team (issue 18): what a reader may not use is dropped and named,
 * and a link's `view` parameter is never read as a filter.
 */
import { describe, expect, it } from 'vitest';
import { principalFrom } from '../../shared/access';
import { droppedNote, narrowView, parseSearchUrl } from '../../shared/search';

describe('shared views', () => {
  it('narrows a view to the reader: a ruled filter the reader may not use and an unknown column are dropped', () => {
    const contentOps = principalFrom('app:control staff:content_ops brand:dance', [], 'brand:dance');
    const curation = principalFrom('app:control staff:curation brand:dance', [], 'brand:dance');
    const view = { type: 'labels', filters: { type: 'labels', name: 'a', label_manager: '1' }, columns: ['nope'] };
    expect(narrowView(contentOps, view)).toEqual({
      filters: { type: 'labels', name: 'a' },
      columns: [],
      dropped: { filters: ['label_manager'], columns: ['nope'] },
    });
    expect(narrowView(curation, { ...view, columns: null }).dropped).toEqual({ filters: [], columns: [] });
  });

  it('names what was dropped, or says nothing', () => {
    expect(droppedNote({ filters: ['label_manager'], columns: [] })).toBe(
      'Some of this view is not available to you and was left out: filters label_manager.',
    );
    expect(droppedNote({ filters: [], columns: [] })).toBeNull();
  });

  it('the view parameter of a link is not a filter', () => {
    expect(parseSearchUrl('?type=labels&view=12&name=a').filters).toEqual({ name: 'a' });
  });
});
