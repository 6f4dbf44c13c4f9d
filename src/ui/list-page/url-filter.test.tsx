import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  redirect,
  RouterProvider,
  stripSearchParams,
} from '@tanstack/react-router';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { readSavedFilter, recordActiveRoute, saveFilter } from '@/session/saved-filters';
import { filterControls } from './list-filter';
import {
  compactFilter,
  FILTER_DEFAULTS,
  pageFields,
  readFilter,
  savedFilterToRestore,
  searchField,
  sectionSlot,
  useFilterChange,
} from './url-filter';

const Schema = v.object({ ...pageFields(), search: searchField, status: v.fallback(v.optional(v.picklist([1, 2, 3])), undefined) });
type Filter = v.InferOutput<typeof Schema>;
const SLOT = sectionSlot('promotion', (saved) => readFilter(Schema, saved));

afterEach(() => sessionStorage.clear());

describe('a list filter read from its URL', () => {
  it('falls back to the defaults for what does not parse, and takes a number the router made back as the text typed', () => {
    expect(readFilter(Schema, undefined)).toEqual({ page: 1, limit: 10 });
    expect(readFilter(Schema, { page: 0, limit: 500, status: 9, search: '   ' })).toEqual({ page: 1, limit: 10 });
    expect(readFilter(Schema, { page: 3, limit: 50, status: 2, search: 8934567 })).toEqual({
      page: 3,
      limit: 50,
      status: 2,
      search: '8934567',
    });
    expect(readFilter(Schema, { search: ' para ' }).search).toBe('para');
  });

  it('leaves the defaults and blanks out of the URL and the saved slot', () => {
    expect(compactFilter({ ...FILTER_DEFAULTS, search: '', status: undefined })).toEqual({});
    expect(compactFilter({ page: 2, limit: 10, search: 'para' })).toEqual({ page: 2, search: 'para' });
    expect(SLOT.write(null, { page: 1, limit: 20, status: 1 })).toEqual({ limit: 20, status: 1 });
  });

  it('restores the saved filter on a bare URL only, and nothing when nothing (or only defaults) was saved', () => {
    const bare = readFilter(Schema, {});
    expect(savedFilterToRestore(bare, SLOT)).toBeNull();
    saveFilter('promotion', { page: 1, limit: 10 });
    expect(savedFilterToRestore(bare, SLOT)).toBeNull();
    saveFilter('promotion', { status: 2, search: 'para' });
    expect(savedFilterToRestore(bare, SLOT)).toEqual({ status: 2, search: 'para' });
    expect(savedFilterToRestore({ ...bare, status: 1 }, SLOT)).toBeNull();
    saveFilter('promotion', 'status=2');
    expect(savedFilterToRestore(bare, SLOT)).toBeNull();
  });

  it('restores it only to someone still in the section, and forgets it for someone arriving from another', () => {
    const bare = readFilter(Schema, {});
    saveFilter('promotion', { status: 2 });
    recordActiveRoute('/promotion/7');
    expect(savedFilterToRestore(bare, SLOT)).toEqual({ status: 2 });
    // Left by a reload on /product (src/app/router.ts saw no move from one section to the other).
    recordActiveRoute('/product');
    expect(savedFilterToRestore(bare, SLOT)).toBeNull();
    expect(readSavedFilter('promotion')).toBeNull();
  });
});

/** A list route made the way src/routes/_app/product/index.tsx makes one, beside two pages that load slowly. */
function listRouter(initial: string) {
  const root = createRootRoute({ component: () => <Outlet /> });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/list',
    validateSearch: (search: Record<string, unknown>): Filter => readFilter(Schema, search),
    search: { middlewares: [stripSearchParams(FILTER_DEFAULTS)] },
    beforeLoad: ({ search }) => {
      const saved = savedFilterToRestore(search, SLOT);
      if (saved) throw redirect({ to: '/list' as never, search: saved as never, replace: true });
    },
    component: function List() {
      // The app's router is the one registered for types: this test's routes are typed by hand.
      const filter = list.useSearch() as Filter;
      const controls = filterControls(filter, useFilterChange('/list', SLOT));
      return (
        <>
          <output data-testid="filter">{JSON.stringify(filter)}</output>
          <button onClick={() => controls.search(`${filter.search ?? ''}a`)}>Gõ</button>
          <button onClick={() => controls.search('')}>Xóa tìm kiếm</button>
          <button onClick={() => controls.change({ status: 3 })}>Trạng thái</button>
          <button onClick={() => controls.page(4)}>Trang 4</button>
          <Link to={'/list/create' as never}>Thêm</Link>
          <Link to={'/elsewhere' as never}>Mục khác</Link>
        </>
      );
    },
  });
  // The next page's chunk and data take a while: meanwhile the list is still on screen with the next location.
  const slowPage = (path: string) =>
    createRoute({
      getParentRoute: () => root,
      path,
      loader: () => new Promise((resolve) => setTimeout(resolve, 200)),
      component: () => <p>{path}</p>,
    });
  const history = createMemoryHistory({ initialEntries: [initial] });
  const router = createRouter({ routeTree: root.addChildren([list, slowPage('/list/create'), slowPage('/elsewhere')]), history });
  render(<RouterProvider router={router} />);
  /** Where the router is: the path and its search parameters (in any order), as the address bar shows them. */
  const href = () => {
    const url = new URL(router.state.location.href, 'http://app');
    const params = [...url.searchParams].sort(([a], [b]) => a.localeCompare(b));
    return params.length ? `${url.pathname}?${new URLSearchParams(params)}` : url.pathname;
  };
  return { router, history, href };
}

const idle = (router: ReturnType<typeof listRouter>['router']) => waitFor(() => expect(router.state.status).toBe('idle'));

describe('a list filter kept in the URL (TanStack Router: validateSearch, useSearch, navigate with search)', () => {
  it('brings the saved filter back when the list is opened with a bare URL, in place of that entry', async () => {
    saveFilter('promotion', { status: 2, search: 'para' });
    const { router, history, href } = listRouter('/list');
    await idle(router);
    await waitFor(() => expect(href()).toBe('/list?search=para&status=2'));
    expect(history.length).toBe(1);
    expect(JSON.parse(screen.getByTestId('filter').textContent!)).toEqual({ page: 1, limit: 10, status: 2, search: 'para' });
  });

  it('does not carry the filter to the page a link away leads to (the product list did: /product/create?search=…)', async () => {
    saveFilter('promotion', { search: 'para' });
    for (const [link, path] of [
      ['Thêm', '/list/create'],
      ['Mục khác', '/elsewhere'],
    ] as const) {
      const { router, href } = listRouter('/list?search=para');
      await idle(router);
      fireEvent.click(screen.getAllByRole('link', { name: link }).at(-1)!);
      await waitFor(() => expect(screen.getByText(path)).toBeTruthy());
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(href()).toBe(path);
    }
  });

  it('changes the filter in place: page 1 again, other parameters kept, no history entry per key, saved for the section', async () => {
    const { router, history, href } = listRouter('/list?page=3&lot=7&status=1');
    await idle(router);
    fireEvent.click(screen.getByRole('button', { name: 'Gõ' }));
    await waitFor(() => expect(href()).toBe('/list?lot=7&search=a&status=1'));
    fireEvent.click(screen.getByRole('button', { name: 'Gõ' }));
    await waitFor(() => expect(href()).toBe('/list?lot=7&search=aa&status=1'));
    fireEvent.click(screen.getByRole('button', { name: 'Trang 4' }));
    await waitFor(() => expect(href()).toBe('/list?lot=7&page=4&search=aa&status=1'));
    fireEvent.click(screen.getByRole('button', { name: 'Trạng thái' }));
    await waitFor(() => expect(href()).toBe('/list?lot=7&search=aa&status=3'));
    expect(history.length).toBe(1);
    expect(readSavedFilter('promotion')).toEqual({ status: 3, search: 'aa' });
  });

  it('stays on the bare list once everything is cleared: the cleared filter is saved before the URL changes', async () => {
    saveFilter('promotion', { search: 'a' });
    const { router, href } = listRouter('/list?search=a');
    await idle(router);
    fireEvent.click(screen.getByRole('button', { name: 'Xóa tìm kiếm' }));
    await waitFor(() => expect(href()).toBe('/list'));
    await idle(router);
    expect(href()).toBe('/list');
    expect(readSavedFilter('promotion')).toEqual({});
  });
});
