import { describe, expect, it } from 'vitest';
import { pagePermission } from './page-permissions';

describe('pagePermission', () => {
  it('takes the longest matching path, so creating asks more than viewing', () => {
    expect(pagePermission('/order')).toEqual(['orders', 'view']);
    expect(pagePermission('/order/0192a3b4-0000-7000-8000-000000000000')).toEqual(['orders', 'view']);
    expect(pagePermission('/order/create')).toEqual(['orders', 'create']);
    expect(pagePermission('/customers/create')).toEqual(['customers', 'create']);
    expect(pagePermission('/reports/region')).toEqual(['reports', 'view']);
  });

  it('asks the edit permission of a form page that opens an existing record', () => {
    expect(pagePermission('/product/create')).toEqual(['products', 'create']);
    expect(pagePermission('/product/create', {})).toEqual(['products', 'create']);
    expect(pagePermission('/product/create', { id: 12 })).toEqual(['products', 'edit']);
    expect(pagePermission('/customers/create', { id: '0192a3b4-0000-7000-8000-000000000000' })).toEqual(['customers', 'edit']);
    expect(pagePermission('/customers/type/edit/3')).toEqual(['settings', 'edit']);
    expect(pagePermission('/customers/type/3')).toEqual(['customers', 'view']);
  });

  it('does not confuse a path with another that starts the same', () => {
    expect(pagePermission('/order-groups')).toEqual(['order_groups', 'view']);
    expect(pagePermission('/orderly')).toBeNull();
  });

  it('asks only membership of account and diagnostics pages', () => {
    expect(pagePermission('/my-account')).toBeNull();
    expect(pagePermission('/diagnostics')).toBeNull();
  });
});
