// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode, useEffect, useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listenToHistoryBeforeRouter } from '../../../lib/history-guard';
import { unsavedChangesQuestion, useUnsavedChangesWarning } from './use-unsaved-changes-warning';

/** The popstate events the window received, counted before the guard can stop one. */
let popStates = 0;
window.addEventListener(
  'popstate',
  () => {
    popStates += 1;
  },
  true,
);
// As main.tsx does, before any router mounts.
listenToHistoryBeforeRouter();

/** An editor that has changes after CHANGE and none after SAVE. */
function Editor() {
  const [isDirty, setIsDirty] = useState(false);
  useUnsavedChangesWarning(isDirty);
  return (
    <>
      <p>{isDirty ? 'Editor with changes' : 'Editor saved'}</p>
      <button type="button" onClick={() => setIsDirty(true)}>
        CHANGE
      </button>
      <button type="button" onClick={() => setIsDirty(false)}>
        SAVE
      </button>
    </>
  );
}

/** Every address the router has shown, in order (StrictMode runs the effect twice on mount: counted once). */
let shownPaths: string[] = [];

function Shell() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (shownPaths.at(-1) !== pathname) shownPaths.push(pathname);
  }, [pathname]);
  return (
    <>
      <p data-testid="path">{pathname}</p>
      <Link to="/edit">EDIT</Link>
      <Link to="/next">NEXT</Link>
      <Routes>
        <Route path="/list" element={<p>List</p>} />
        <Route path="/edit" element={<Editor />} />
        <Route path="/next" element={<p>Next</p>} />
      </Routes>
    </>
  );
}

const shownPath = () => screen.getByTestId('path').textContent;

/** The list, then its editor opened through the router (a history entry of the router's own), with changes. */
async function openEditorWithChanges() {
  render(
    <StrictMode>
      <BrowserRouter>
        <Shell />
      </BrowserRouter>
    </StrictMode>,
  );
  fireEvent.click(screen.getByRole('link', { name: 'EDIT' }));
  await screen.findByText('Editor saved');
  fireEvent.click(screen.getByRole('button', { name: 'CHANGE' }));
  expect(screen.getByText('Editor with changes')).toBeTruthy();
}

let answer = false;
const confirm = vi.fn(() => answer);

beforeEach(() => {
  shownPaths = [];
  answer = false;
  confirm.mockClear();
  popStates = 0;
  vi.spyOn(window, 'confirm').mockImplementation(confirm);
  window.history.replaceState(null, '', '/list');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Back and Forward from an editor with unsaved changes', () => {
  it('ask first; "stay" keeps the editor, its address and its changes, and the router never shows the other page', async () => {
    await openEditorWithChanges();

    act(() => window.history.back());
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith(unsavedChangesQuestion));
    // The step back to the editor (the second popstate) is not asked about again.
    await vi.waitFor(() => expect(popStates).toBe(2));
    expect(window.location.pathname).toBe('/edit');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(shownPath()).toBe('/edit');
    expect(screen.getByText('Editor with changes')).toBeTruthy();
    expect(shownPaths).toEqual(['/list', '/edit']);
  });

  it('"leave" lets the router go back to the list', async () => {
    await openEditorWithChanges();

    answer = true;
    act(() => window.history.back());
    expect(await screen.findByText('List')).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/list');
  });

  it('Forward asks the same', async () => {
    render(
      <StrictMode>
        <BrowserRouter>
          <Shell />
        </BrowserRouter>
      </StrictMode>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'EDIT' }));
    await screen.findByText('Editor saved');
    fireEvent.click(screen.getByRole('link', { name: 'NEXT' }));
    await screen.findByText('Next');
    act(() => window.history.back());
    await screen.findByText('Editor saved');
    fireEvent.click(screen.getByRole('button', { name: 'CHANGE' }));

    act(() => window.history.forward());
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(popStates).toBe(3));
    expect(window.location.pathname).toBe('/edit');
    expect(shownPath()).toBe('/edit');
    expect(screen.getByText('Editor with changes')).toBeTruthy();

    answer = true;
    act(() => window.history.forward());
    expect(await screen.findByText('Next')).toBeTruthy();
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('after a save Back goes to the list in one step without asking, and no history entry was added', async () => {
    await openEditorWithChanges();
    const entries = window.history.length;

    fireEvent.click(screen.getByRole('button', { name: 'SAVE' }));
    expect(screen.getByText('Editor saved')).toBeTruthy();
    act(() => window.history.back());
    expect(await screen.findByText('List')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    expect(window.history.length).toBe(entries);
  });
});
