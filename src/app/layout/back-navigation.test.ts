import { describe, expect, it } from 'vitest';
import { backAction } from './back-navigation';

describe('backAction', () => {
  it('asks for confirmation first on a type=confirm page', () => {
    expect(backAction('/order/create', { type: 'confirm' })).toEqual({ kind: 'confirm-then-back' });
    expect(backAction('/customers/create', { type: 'confirm' })).toEqual({ kind: 'confirm-then-back' });
  });

  it('goes to the order list from a type=detail order page', () => {
    expect(backAction('/order', { type: 'detail', id: 'x' })).toEqual({ kind: 'navigate', to: '/order' });
    expect(backAction('/order/create', { type: 'detail' })).toEqual({ kind: 'navigate', to: '/order' });
  });

  it('goes back one step otherwise', () => {
    expect(backAction('/customers/12', { type: 'detail' })).toEqual({ kind: 'history-back' });
    expect(backAction('/order', {})).toEqual({ kind: 'history-back' });
  });
});
