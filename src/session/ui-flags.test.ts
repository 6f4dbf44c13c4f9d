import { beforeEach, describe, expect, it } from 'vitest';
import { applyFrameMessage, getUiFlags, setUiFlags } from './ui-flags';

describe('embedded-frame messages', () => {
  beforeEach(() => setUiFlags({ chromeHidden: false, checkedIn: false, checkedOut: false }));

  it('hides and shows header and footer with isCloseHeaderAndFooter', () => {
    applyFrameMessage({ type: 'POST', isCloseHeaderAndFooter: true });
    expect(getUiFlags().chromeHidden).toBe(true);
    applyFrameMessage({ type: 'POST', isCloseHeaderAndFooter: false });
    expect(getUiFlags().chromeHidden).toBe(false);
  });

  it('sets the checked-in and checked-out flags only when truthy', () => {
    applyFrameMessage({ type: 'POST', isCheckedIn: 1 });
    expect(getUiFlags()).toMatchObject({ checkedIn: true, checkedOut: false });
    applyFrameMessage({ type: 'POST', isCheckedIn: false, isCheckedOut: 'yes' });
    expect(getUiFlags()).toMatchObject({ checkedIn: true, checkedOut: true });
  });

  it('ignores messages of any other type', () => {
    expect(applyFrameMessage({ type: 'GET', isCloseHeaderAndFooter: true })).toBe(false);
    expect(applyFrameMessage('POST')).toBe(false);
    expect(getUiFlags().chromeHidden).toBe(false);
  });
});
