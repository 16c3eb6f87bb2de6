// @vitest-environment happy-dom
/**
 * The packaging wizard in the whole console over the fake main: the Label list each kind
 * of account is offered (a label user may not read the labels list, §6, so suppliers and
 * labels pick from their own labels: GET /v4/my/labels/; staff from the labels list).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeMain, pageOf } from './fake-main';
import { auxiliaryEndpoint, genresEndpoint, listEndpoints, meEndpoints } from '../../shared/api/endpoints';

const { renderConsole } = await import('./console-harness');

const page = <T,>(results: T[]) => pageOf(results, 200);

function fakeReferenceLists(): void {
  fakeMain.api.on(genresEndpoint, () => page([{ id: 1, name: 'House', sub_genres: [] }]));
  for (const name of ['release-types', 'exclusive-period'])
    fakeMain.api.on(auxiliaryEndpoint(name), () => page([{ id: 1, name: 'Album' }]));
  fakeMain.api.on(listEndpoints('labels').list, () =>
    page([
      { id: 7, name: 'Any Label' },
      { id: 8, name: 'Other Label' },
    ]),
  );
  fakeMain.api.on(meEndpoints.myLabels, () => ({ results: [{ id: 1, name: 'Own Label' }] }));
}

/** The options of the Label select, opened. */
async function labelOptions(): Promise<string[]> {
  const select = await screen.findByLabelText('Label', undefined, { timeout: 10_000 });
  await act(async () => fireEvent.mouseDown(select.closest('.ant-select')?.querySelector('.ant-select-selector') ?? select));
  return waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].find((d) =>
      d.querySelector('.ant-select-item-option'),
    );
    if (!open) throw new Error('no open Label list');
    return [...open.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent ?? '');
  });
}

afterEach(() => {
  cleanup();
  fakeMain.calls.length = 0;
  fakeMain.api.calls.length = 0;
});

describe('the Label list', () => {
  it.each([
    ['label', ['Own Label']],
    ['supplier', ['Own Label']],
    ['contentops', ['Any Label', 'Other Label']],
  ])('%s is offered %j', async (account, expected) => {
    fakeReferenceLists();
    await renderConsole({ account, path: '/packaging' });
    expect(await labelOptions()).toEqual(expected);
    const own = fakeMain.api.callsOf(meEndpoints.myLabels).length > 0;
    const list = fakeMain.api.callsOf(listEndpoints('labels').list).length > 0;
    expect({ own, list }).toEqual(account === 'contentops' ? { own: false, list: true } : { own: true, list: false });
  });
});
