import { describe, expect, it } from 'vitest';
import { applyTableChange, buildListQuery, exportQuery, initialListState, pageAfterDelete, sortFromTable, withFilter, withSearch } from './list-query';

const ALLOWED = ['name', 'code', 'createdAt'] as const;

describe('buildListQuery', () => {
  it('sends paging and leaves out empty search, sort and filters', () => {
    const state = initialListState({ distributorId: undefined as number | undefined, status: '' as string | undefined });
    expect(buildListQuery(state)).toEqual({ page: 1, pageSize: 10 });
  });

  it('sends trimmed search, sort and set filters', () => {
    const state = { ...initialListState({ distributorId: 3 as number | undefined, status: 'disabled' as string | undefined }), q: '  north ', sortField: 'name', sortOrder: 'descend' as const, page: 2 };
    expect(buildListQuery(state)).toEqual({ page: 2, pageSize: 10, q: 'north', sortField: 'name', sortOrder: 'descend', distributorId: 3, status: 'disabled' });
  });

  it('drops a sort field without an order', () => {
    const state = { ...initialListState({}), sortField: 'name' };
    expect(buildListQuery(state)).toEqual({ page: 1, pageSize: 10 });
  });

  it('export gets the filters without paging', () => {
    const state = { ...initialListState({ companyId: 5 as number | undefined }), q: 'x', page: 4, sortField: 'createdAt', sortOrder: 'ascend' as const };
    expect(exportQuery(state)).toEqual({ q: 'x', companyId: 5, sortField: 'createdAt', sortOrder: 'ascend' });
  });
});

describe('sortFromTable', () => {
  it('takes the column key and order', () => {
    expect(sortFromTable({ columnKey: 'name', order: 'ascend' }, ALLOWED)).toEqual({ sortField: 'name', sortOrder: 'ascend' });
    expect(sortFromTable({ field: 'code', order: 'descend' }, ALLOWED)).toEqual({ sortField: 'code', sortOrder: 'descend' });
  });

  it('ignores cleared sorts and columns the endpoint does not sort by', () => {
    expect(sortFromTable({ columnKey: 'name', order: null }, ALLOWED)).toEqual({});
    expect(sortFromTable({ columnKey: 'stationCount', order: 'ascend' }, ALLOWED)).toEqual({});
    expect(sortFromTable(undefined, ALLOWED)).toEqual({});
  });

  it('uses the first of several sorters', () => {
    expect(sortFromTable([{ columnKey: 'createdAt', order: 'descend' }, { columnKey: 'name', order: 'ascend' }], ALLOWED)).toEqual({
      sortField: 'createdAt',
      sortOrder: 'descend',
    });
  });
});

describe('applyTableChange', () => {
  const start = { ...initialListState({}), page: 3 };

  it('moves to the page asked for when only the page changed', () => {
    expect(applyTableChange(start, { current: 5, pageSize: 10 }, {}, ALLOWED).page).toBe(5);
  });

  it('goes back to page 1 on a new sort or page size', () => {
    expect(applyTableChange(start, { current: 3, pageSize: 10 }, { columnKey: 'name', order: 'ascend' }, ALLOWED)).toMatchObject({
      page: 1,
      sortField: 'name',
      sortOrder: 'ascend',
    });
    expect(applyTableChange(start, { current: 3, pageSize: 50 }, {}, ALLOWED)).toMatchObject({ page: 1, pageSize: 50 });
  });
});

describe('search, filters and deletes', () => {
  it('a new search or filter starts from page 1', () => {
    const state = { ...initialListState({ status: undefined as string | undefined }), page: 4 };
    expect(withSearch(state, 'abc')).toMatchObject({ q: 'abc', page: 1 });
    expect(withFilter(state, 'status', 'enabled')).toMatchObject({ filters: { status: 'enabled' }, page: 1 });
  });

  it('deleting the only row of the last page shows the page before', () => {
    expect(pageAfterDelete(3, 10, 21)).toBe(2);
    expect(pageAfterDelete(3, 10, 25)).toBe(3);
    expect(pageAfterDelete(1, 10, 1)).toBe(1);
  });
});
